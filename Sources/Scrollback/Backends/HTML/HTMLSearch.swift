import Foundation

extension HTMLOptions {
    /// The one script of a page rendered with ``HTMLOptions/search``, and what the page needs for
    /// it: the hash its Content-Security-Policy allows it by, and the facts about each message the
    /// filters read (see ``HTMLBackend``).
    ///
    /// The script is a constant: no message data is ever part of it, so the hash in the policy is the
    /// same for every page and nothing else can run. It reads the page's DOM (text by `textContent`,
    /// the `data-` attributes below), hides and shows messages with a class, gathers the channel's
    /// messages, days and threads into groups of about forty (`<div class="sb-group">` elements made
    /// by `createElement`, each laid out only near the screen, so that a search that shows or hides
    /// thousands keeps every task of the page short), and highlights with the CSS Custom Highlight
    /// API, or with `<mark>` elements made by `createElement` around the page's own text nodes where
    /// that API is missing. It never assigns markup and never evaluates a string.
    public enum SearchScript {
        /// The script, as written between `<script>` and `</script>`: ASCII only, so that its UTF-8
        /// bytes, which the browser hashes, are the characters here.
        public static let source = #"""
            (() => {
              'use strict';
              // The page's own search (scrollback render --search). It reads the page and writes only
              // text and classes, and moves the page's own elements into groups it makes: no message
              // text is ever turned into markup or code.
              const byId = id => document.getElementById(id);
              const bar = byId('sb-search');
              const input = byId('sb-search-input');
              const main = document.querySelector('main');
              if (!bar || !input || !main) return;
              const countOut = byId('sb-search-count');
              const statusOut = byId('sb-search-status');
              const previousButton = byId('sb-search-previous');
              const nextButton = byId('sb-search-next');
              const HIDDEN = 'sb-search-hidden';
              const CURRENT = 'sb-search-current';
              const AUTHOR = 'sb-search-author';
              const TARGET = 'sb-search-target';
              const PREFIX = '#search=';
              const FILTERS = ['from', 'on', 'before', 'after', 'has', 'in'];
              const KINDS = ['image', 'file', 'link', 'voice', 'poll'];
              const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
              const MOST = 10000;
              // A search works in slices of about this many milliseconds, showing or hiding at most
              // CHANGES messages in each, so that a long page still answers keys and paints between them.
              const SLICE = 8;
              const CHANGES = 800;
              // The channel's messages, days and threads are grouped, this many to a group, each group laid
              // out only near the screen: the browser then tracks and lays out a few hundred groups rather
              // than ten thousand messages in each frame that a search changes.
              const GROUP = 40;
              // Text that is not the message's own: the preview of the message it replies to (another
              // message's text), icons, initials, times, who reacted (folded away in each pill, where a match
              // could not be shown). A blockquote written in the message is its own.
              const SKIP = 'blockquote.sb-quote, .sb-icon, .sb-avatar, time, .sb-reactors-list';
              const highlights = typeof Highlight === 'function' && window.CSS && CSS.highlights ? CSS.highlights : null;

              // Case and accents do not matter: text is folded, with a map from each folded unit back to
              // the unit of the text it came from, so that a match can be highlighted where it is.
              const ASCII = /^[\x00-\x7f]*$/;
              const foldOne = text => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
              const fold = text => {
                if (ASCII.test(text)) return {text: text.toLowerCase(), map: null};
                let folded = '';
                const map = [];
                for (let i = 0; i < text.length;) {
                  const step = text.codePointAt(i) > 0xffff ? 2 : 1;
                  const part = foldOne(text.slice(i, i + step));
                  for (let k = 0; k < part.length; k++) map.push(i);
                  folded += part;
                  i += step;
                }
                map.push(text.length);
                return {text: folded, map};
              };

              // Groups made of the page's own elements, moved into a <div> made with createElement; a group
              // whose messages are all hidden is hidden itself, so that the empty groups never pile up on
              // the screen and are all laid out at once when they fill again.
              const groups = [];
              {
                let group = null;
                for (const element of Array.from(main.children)) {
                  if (element.matches('article.sb-message, details.sb-thread, .sb-day')) {
                    if (!group || group.count >= GROUP) {
                      const box = document.createElement('div');
                      box.className = 'sb-group';
                      element.before(box);
                      group = {box, count: 0, shown: 0, hidden: false, painted: false, matches: []};
                      groups.push(group);
                    }
                    group.box.append(element);
                    group.count += 1;
                  } else if (element !== bar) {
                    group = null;
                  }
                }
              }
              const groupOf = new Map(groups.map(group => [group.box, group]));
              const hideGroup = (group, hidden) => {
                if (!group || group.hidden === hidden) return;
                group.hidden = hidden;
                group.box.classList.toggle(HIDDEN, hidden);
              };

              const threads = Array.from(main.querySelectorAll('details.sb-thread'), element => ({element, records: [], hidden: false}));
              const threadOf = new Map(threads.map(thread => [thread.element, thread]));

              const records = Array.from(main.querySelectorAll('article.sb-message'), article => ({
                article,
                day: article.getAttribute('data-day') || '',
                has: (article.getAttribute('data-has') || '').split(' '),
                thread: threadOf.get(article.closest('details.sb-thread')) || null,
                group: groupOf.get(article.closest('.sb-group')) || null,
                headless: null,
                from: null,
                texts: null,
                // What the script last made of it: shown, and naming its author.
                shown: true,
                author: false,
              }));

              for (const record of records) {
                if (record.group) record.group.shown += 1;
                if (record.thread) record.thread.records.push(record);
              }
              const recordOf = new Map(records.map(record => [record.article, record]));

              // What the day separators and groups depend on, read once: the channel's elements in order
              // (those of the groups taken out of them), and each thread's.
              const sequences = [];
              {
                const channel = [];
                for (const element of main.children) {
                  if (groupOf.has(element)) channel.push(...element.children);
                  else if (element !== bar) channel.push(element);
                }
                sequences.push(channel);
                for (const content of main.querySelectorAll('details.sb-thread > .sb-thread-content')) sequences.push(Array.from(content.children));
              }
              for (let k = 0; k < sequences.length; k += 1) {
                sequences[k] = sequences[k].map(element => ({
                  element,
                  day: element.classList.contains('sb-day'),
                  record: recordOf.get(element) || null,
                  thread: threadOf.get(element) || null,
                  group: groupOf.get(element.parentElement) || null,
                }));
              }
              // A group with something shown in it is shown.
              const fill = part => { if (part.group) part.group.filled = true; };

              // A message shown or hidden, and its group with it.
              const showRecord = (record, visible) => {
                record.shown = visible;
                record.article.classList.toggle(HIDDEN, !visible);
                const group = record.group;
                if (!group) return;
                group.shown += visible ? 1 : -1;
                if (visible) hideGroup(group, false);
                else if (group.shown === 0) hideGroup(group, true);
              };

              // Each message's text, read and folded once, when first searched.
              const textsOf = record => {
                if (record.texts) return record.texts;
                const texts = [];
                const body = record.article.querySelector(':scope > .sb-body');
                if (body) {
                  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
                  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    const skipped = node.parentElement.closest(SKIP);
                    if ((skipped && body.contains(skipped)) || !node.data.trim()) continue;
                    const folded = fold(node.data);
                    texts.push({node, text: folded.text, map: folded.map});
                  }
                }
                record.texts = texts;
                return texts;
              };

              // The query: words, quoted phrases and filters (key:value, key:"two words").
              const tokenize = query => {
                const tokens = [];
                let i = 0;
                while (i < query.length) {
                  if (/\s/.test(query[i])) { i += 1; continue; }
                  const start = i;
                  let key = '';
                  const head = /^([A-Za-z]+):/.exec(query.slice(i, i + 24));
                  if (head) { key = head[1].toLowerCase(); i += head[0].length; }
                  let value;
                  let closed = true;
                  if (query[i] === '"') {
                    const end = query.indexOf('"', i + 1);
                    closed = end >= 0;
                    value = query.slice(i + 1, closed ? end : query.length);
                    i = closed ? end + 1 : query.length;
                  } else {
                    value = /^\S*/.exec(query.slice(i))[0];
                    i += value.length;
                  }
                  tokens.push({key, value, closed, text: query.slice(start, i)});
                }
                return tokens;
              };

              // A day, a month or a year that is on the calendar: 2026-02-29 and 2026-13-45 are not.
              const isDate = value => {
                const parts = DATE.exec(value);
                if (!parts) return false;
                const month = parts[2] ? Number(parts[2]) : 1;
                const day = parts[3] ? Number(parts[3]) : 1;
                if (month < 1 || month > 12 || day < 1) return false;
                const last = new Date(Date.UTC(2000, month, 0));
                last.setUTCFullYear(Number(parts[1]), month, 0);
                return day <= last.getUTCDate();
              };

              // A filter whose value is missing or unreadable (often one still being typed: on:2026-04-1)
              // makes the query incomplete: the page keeps what it shows rather than showing everything.
              const parse = query => {
                const terms = {words: [], from: [], on: [], before: [], after: [], has: [], inThread: false, problems: [],
                  incomplete: false};
                const unreadable = problem => {
                  terms.problems.push(problem);
                  terms.incomplete = true;
                };
                for (const token of tokenize(query)) {
                  if (!token.closed) terms.problems.push('a closing " is missing in ' + token.text);
                  const value = token.value.trim();
                  if (token.key && !FILTERS.includes(token.key)) {
                    // Not a filter: searched as the text typed (a URL, a time), said when it looks like one.
                    if (value && !value.startsWith('//')) terms.problems.push(token.key + ': is not a filter, searched as text');
                    terms.words.push(fold(token.text.replace(/"/g, '')).text);
                    continue;
                  }
                  if (!token.key) {
                    if (value) terms.words.push(fold(value).text);
                    continue;
                  }
                  if (!value) {
                    unreadable(token.key + ': needs a value');
                    continue;
                  }
                  const lower = value.toLowerCase();
                  if (token.key === 'from') {
                    terms.from.push(fold(value).text);
                  } else if (token.key === 'has') {
                    if (KINDS.includes(lower)) terms.has.push(lower);
                    else unreadable('has:' + value + ' is not one of ' + KINDS.join(', '));
                  } else if (token.key === 'in') {
                    if (lower === 'thread') terms.inThread = true;
                    else unreadable('in:' + value + ' is not known, use in:thread');
                  } else if (isDate(value)) {
                    terms[token.key].push(value);
                  } else {
                    unreadable(token.key + ':' + value + ' is not a date, use YYYY-MM-DD');
                  }
                }
                terms.words = terms.words.filter(word => word !== '');
                terms.active = terms.words.length + terms.from.length + terms.on.length + terms.before.length +
                  terms.after.length + terms.has.length > 0 || terms.inThread;
                return terms;
              };

              // A name matches where one of its words starts: from:lee finds "Maya Lee (maya)".
              const isFrom = (record, name) => {
                if (record.from === null) record.from = fold(record.article.getAttribute('data-from') || '').text;
                for (let at = record.from.indexOf(name); at >= 0; at = record.from.indexOf(name, at + 1)) {
                  if (at === 0 || !/[\p{L}\p{N}]/u.test(record.from[at - 1])) return true;
                }
                return false;
              };

              const passes = (record, terms) => {
                if (terms.inThread && !record.thread) return false;
                if (terms.has.some(kind => !record.has.includes(kind))) return false;
                const day = record.day;
                if (terms.on.some(date => day.slice(0, date.length) !== date)) return false;
                if (terms.before.some(date => !day || day.slice(0, date.length) >= date)) return false;
                if (terms.after.some(date => !day || day.slice(0, date.length) <= date)) return false;
                if (terms.from.length && !terms.from.some(name => isFrom(record, name))) return false;
                return true;
              };

              // Every place of every word in the message, in the page's order, overlaps merged; null when
              // a word is missing.
              const find = (record, words) => {
                const found = [];
                const texts = textsOf(record);
                for (const word of words) {
                  let seen = false;
                  texts.forEach((entry, index) => {
                    for (let at = entry.text.indexOf(word); at >= 0; at = entry.text.indexOf(word, at + word.length)) {
                      seen = true;
                      const end = at + word.length;
                      found.push({node: entry.node, index, record,
                        start: entry.map ? entry.map[at] : at, end: entry.map ? entry.map[end] : end});
                    }
                  });
                  if (!seen) return null;
                }
                found.sort((a, b) => a.index - b.index || a.start - b.start);
                const merged = [];
                for (const match of found) {
                  const last = merged[merged.length - 1];
                  if (last && last.node === match.node && match.start <= last.end) last.end = Math.max(last.end, match.end);
                  else merged.push(match);
                }
                return merged;
              };

              let matches = [];
              let current = -1;
              let opened = [];
              let marked = [];
              let timer = 0;
              let summary = '';
              // The search being run, slice by slice; a new one replaces it.
              let job = null;
              // The last query run to its end, and whether it filtered anything.
              let shownQuery = '';
              let filtering = false;
              let notes = [];

              const rangeOf = match => {
                const range = document.createRange();
                range.setStart(match.node, match.start);
                range.setEnd(match.node, match.end);
                return range;
              };

              // The highlight of the search's matches holds those of the groups the browser lays out (near
              // the screen) only, added and taken away as they come and go: the browser redraws every range
              // of a highlight whenever it changes, and a broad word has thousands.
              let highlight = null;
              const lazy = typeof ContentVisibilityAutoStateChangeEvent === 'function';
              const staticRangeOf = match => {
                if (!match.range) {
                  match.range = new StaticRange({startContainer: match.node, startOffset: match.start,
                    endContainer: match.node, endOffset: match.end});
                }
                return match.range;
              };
              const paint = (group, painted) => {
                group.painted = painted;
                if (!highlight) return;
                for (const match of group.matches) {
                  if (painted) highlight.add(staticRangeOf(match));
                  else highlight.delete(staticRangeOf(match));
                }
              };
              for (const group of groups) {
                group.painted = !lazy;
                group.box.addEventListener('contentvisibilityautostatechange', event => {
                  if (event.target === group.box) paint(group, !event.skipped);
                });
              }

              // Where the Custom Highlight API is missing: each match wrapped in a <mark>, made with
              // createElement and holding the page's own text node.
              const wrap = () => {
                const byNode = new Map();
                for (const match of matches) {
                  if (!match.node) continue;
                  if (!byNode.has(match.node)) byNode.set(match.node, []);
                  byNode.get(match.node).push(match);
                }
                for (const [node, list] of byNode) {
                  for (let k = list.length - 1; k >= 0; k -= 1) {
                    const match = list[k];
                    const middle = node.splitText(match.start);
                    middle.splitText(match.end - match.start);
                    const mark = document.createElement('mark');
                    mark.className = 'sb-search-mark';
                    middle.replaceWith(mark);
                    mark.append(middle);
                    match.mark = mark;
                    marked.push(mark);
                  }
                  list[0].record.texts = null;
                }
              };

              const unwrap = () => {
                for (const mark of marked) {
                  const parent = mark.parentNode;
                  if (!parent) continue;
                  mark.replaceWith(...mark.childNodes);
                  parent.normalize();
                }
                if (marked.length) for (const record of records) record.texts = null;
                marked = [];
              };

              // Text is written only when it changes: the bar is at the top, and a change there moves the
              // whole page.
              const write = (element, text) => {
                if (element.textContent !== text) element.textContent = text;
              };

              const say = () => {
                if (countOut) {
                  const total = matches.length >= MOST ? MOST + '+' : String(matches.length);
                  write(countOut, current >= 0 ? (current + 1) + ' of ' + total : (summary ? 'No matches' : ''));
                }
              };

              const tell = () => {
                if (statusOut) write(statusOut, [summary].concat(notes).filter(Boolean).join(' \u00b7 '));
              };

              // The elements outlined as the current match or a quote's target, kept rather than looked
              // for in a page of thousands.
              let outlined = [];
              const outline = (element, name) => {
                element.classList.add(name);
                outlined.push(element);
              };
              // No match is current: its outline and its highlight go.
              const unmark = () => {
                for (const element of outlined) element.classList.remove(CURRENT, 'sb-search-mark-current', TARGET);
                outlined = [];
                if (highlights) highlights.delete('sb-search-current');
              };

              const show = () => {
                unmark();
                const match = matches[current];
                if (!match) return say();
                let target = match.record.article;
                if (match.mark) {
                  outline(match.mark, 'sb-search-mark-current');
                  target = match.mark;
                } else if (match.node) {
                  highlights.set('sb-search-current', new Highlight(rangeOf(match)));
                  target = match.node.parentElement;
                }
                outline(match.record.article, CURRENT);
                const thread = target.closest('details');
                if (thread && !thread.open) {
                  thread.open = true;
                  opened.push(thread);
                }
                // At once, as a browser's own find does: a smooth scroll across a long page takes seconds.
                target.scrollIntoView({block: 'center', behavior: 'instant'});
                say();
              };

              const go = step => {
                if (!matches.length || job) return;
                current = current < 0 ? (step > 0 ? 0 : matches.length - 1) : (current + step + matches.length) % matches.length;
                show();
              };

              // The day separators (in the channel and in threads) and threads left with no message shown
              // are hidden too.
              const hideEmptyParts = active => {
                for (const thread of threads) {
                  const shown = thread.records.some(record => record.shown);
                  thread.hidden = active && !shown;
                  thread.element.classList.toggle(HIDDEN, thread.hidden);
                  if (active && shown && !thread.element.open) {
                    thread.element.open = true;
                    opened.push(thread.element);
                  }
                }
                for (const group of groups) group.filled = false;
                for (const sequence of sequences) {
                  let day = null;
                  let dayShown = false;
                  const closeDay = () => {
                    if (!day) return;
                    day.element.classList.toggle(HIDDEN, active && !dayShown);
                    if (dayShown || !active) fill(day);
                  };
                  for (const part of sequence) {
                    if (part.day) {
                      closeDay();
                      day = part;
                      dayShown = false;
                    } else if (part.record || part.thread) {
                      if (part.record ? part.record.shown : !part.thread.hidden) {
                        dayShown = true;
                        fill(part);
                      }
                    } else {
                      closeDay();
                      day = null;
                    }
                  }
                  closeDay();
                }
                for (const group of groups) hideGroup(group, !group.filled);
              };

              const remember = query => {
                const address = location.href.split('#')[0] + (query ? PREFIX + encodeURIComponent(query) : '');
                if (address === location.href) return true;
                try {
                  history.replaceState(history.state, '', address);
                  return true;
                } catch (error) {
                  return false;
                }
              };

              const busy = on => {
                if (on) bar.setAttribute('aria-busy', 'true');
                else bar.removeAttribute('aria-busy');
              };

              // One slice of a search: messages matched, shown or hidden, their matches highlighted, until
              // the slice's time or changes run out; the next slice follows after the page has had its turn.
              const step = work => {
                if (work !== job) return;
                const until = performance.now() + SLICE;
                const terms = work.terms;
                let changes = 0;
                while (work.index < records.length && changes < CHANGES && performance.now() < until) {
                  const record = records[work.index];
                  work.index += 1;
                  let found = terms.active && passes(record, terms) ? [] : null;
                  if (found && terms.words.length) found = find(record, terms.words);
                  const visible = !terms.active || found !== null;
                  if (record.shown !== visible) {
                    showRecord(record, visible);
                    changes += 1;
                  }
                  // A message shown without the first of its group names its author itself.
                  if (record.headless === null) record.headless = !record.article.querySelector(':scope > header');
                  const author = record.headless && terms.active && visible;
                  if (record.author !== author) {
                    record.author = author;
                    record.article.classList.toggle(AUTHOR, author);
                    changes += 1;
                  }
                  if (!found) continue;
                  work.shown += 1;
                  if (!terms.words.length) {
                    if (matches.length < MOST) matches.push({record});
                    continue;
                  }
                  const group = record.group;
                  for (const match of found) {
                    if (matches.length >= MOST) break;
                    matches.push(match);
                    if (group) group.matches.push(match);
                    if (highlight && (!group || group.painted)) highlight.add(staticRangeOf(match));
                  }
                }
                if (work.index < records.length) {
                  // After changes, the next slice waits for the page to be drawn: one slice per frame.
                  if (changes && !document.hidden) requestAnimationFrame(() => step(work));
                  else setTimeout(() => step(work), 0);
                  return;
                }
                if (!work.parts) {
                  work.parts = true;
                  requestAnimationFrame(() => step(work));
                  return;
                }
                job = null;
                busy(false);
                hideEmptyParts(terms.active);
                if (!highlights) wrap();
                summary = terms.active ? work.shown + (work.shown === 1 ? ' message' : ' messages') + ' of ' + records.length : '';
                shownQuery = work.query;
                filtering = terms.active;
                tell();
                current = matches.length ? 0 : -1;
                if (current >= 0) show();
                else say();
              };

              const run = (query, keepsAddress) => {
                clearTimeout(timer);
                timer = 0;
                const terms = parse(query);
                notes = terms.problems.slice();
                if (!keepsAddress && !remember(query.trim())) notes.push('the address cannot keep this search here');
                bar.classList.toggle('sb-search-problem', terms.problems.length > 0);
                if (terms.incomplete) {
                  // What the page shows stays (a search still running goes on), and the line says so.
                  if (filtering || job) notes.push('still showing ' + (job ? job.query : shownQuery).trim());
                  if (!job) tell();
                  return;
                }
                unwrap();
                unmark();
                if (highlights) highlights.delete('sb-search');
                for (const thread of opened) thread.open = false;
                opened = [];
                matches = [];
                current = -1;
                job = {query, terms, index: 0, shown: 0};
                for (const group of groups) group.matches = [];
                highlight = highlights && terms.words.length ? new Highlight() : null;
                if (highlight) highlights.set('sb-search', highlight);
                // What the bar says of the last search goes now, while the search runs; clearing shows the
                // days and threads first, while the page is still short.
                if (!terms.active) {
                  summary = '';
                  hideEmptyParts(false);
                }
                tell();
                if (countOut) write(countOut, '');
                busy(true);
                step(job);
              };

              const later = () => {
                clearTimeout(timer);
                timer = setTimeout(() => run(input.value), 150);
              };
              // A search typed but not yet run runs first; true when it did.
              const flush = () => {
                if (!timer) return false;
                run(input.value);
                return true;
              };

              // The day separator above an element of the channel or of a thread: in its group or an earlier one.
              const dayBefore = element => {
                let before = element.previousElementSibling;
                let box = groupOf.has(element.parentElement) ? element.parentElement : null;
                for (;;) {
                  for (; before; before = before.previousElementSibling) if (before.classList.contains('sb-day')) return before;
                  box = box && box.previousElementSibling;
                  if (!box || !groupOf.has(box)) return null;
                  before = box.lastElementChild;
                }
              };

              // A quote's link to a message the search hides shows that message (and its day and thread)
              // and goes there; the address keeps the search.
              const reveal = target => {
                const article = target.closest('article.sb-message') || target;
                const record = recordOf.get(article);
                if (record && !record.shown) showRecord(record, true);
                for (let element = article; element && element !== main; element = element.parentElement) {
                  if (groupOf.has(element)) {
                    hideGroup(groupOf.get(element), false);
                    continue;
                  }
                  element.classList.remove(HIDDEN);
                  if (element.tagName === 'DETAILS' && !element.open) {
                    element.open = true;
                    opened.push(element);
                  }
                  const day = dayBefore(element);
                  if (day) day.classList.remove(HIDDEN);
                }
                unmark();
                outline(article, TARGET);
                article.scrollIntoView({block: 'center', behavior: 'instant'});
              };

              main.addEventListener('click', event => {
                if (!filtering && !job) return;
                if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
                const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
                if (!link) return;
                const fragment = link.getAttribute('href').slice(1);
                let target = document.getElementById(fragment);
                try {
                  target = document.getElementById(decodeURIComponent(fragment)) || target;
                } catch (error) {
                  // Not percent-encoded: the fragment as written.
                }
                if (!target || !main.contains(target)) return;
                event.preventDefault();
                reveal(target);
              });

              input.addEventListener('input', later);
              input.addEventListener('keydown', event => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (!flush()) go(event.shiftKey ? -1 : 1);
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  input.value = '';
                  run('');
                }
              });
              if (previousButton) previousButton.addEventListener('click', () => { if (!flush()) go(-1); });
              if (nextButton) nextButton.addEventListener('click', () => { if (!flush()) go(1); });
              document.addEventListener('keydown', event => {
                const again = event.key === 'F3' || ((event.ctrlKey || event.metaKey) && !event.altKey && (event.key === 'g' || event.key === 'G'));
                if (again && input.value.trim()) {
                  event.preventDefault();
                  if (!flush()) go(event.shiftKey ? -1 : 1);
                } else if (event.key === '/' && event.target !== input && !event.ctrlKey && !event.metaKey && !event.altKey &&
                  !(event.target instanceof HTMLElement && event.target.isContentEditable)) {
                  event.preventDefault();
                  input.focus();
                  input.select();
                }
              });

              // The page's text is read and folded before the first search, a slice at a time, once the
              // reader comes to the field.
              let prepared = 0;
              const prepare = () => {
                const until = performance.now() + SLICE;
                while (prepared < records.length && performance.now() < until) {
                  textsOf(records[prepared]);
                  prepared += 1;
                }
                if (prepared < records.length) setTimeout(() => prepare(), 0);
              };
              input.addEventListener('focus', () => { if (prepared === 0) prepare(); }, {once: true});

              // A linked search: #search=<the query, percent-encoded>.
              const fromAddress = () => {
                if (!location.hash.startsWith(PREFIX)) return;
                const raw = location.hash.slice(PREFIX.length);
                let query = raw;
                try {
                  query = decodeURIComponent(raw);
                } catch (error) {
                  query = raw;
                }
                input.value = query;
                run(query, true);
              };
              window.addEventListener('hashchange', fromAddress);
              fromAddress();
            })();
            """#

        /// The script's SHA-256, in base64, as a Content-Security-Policy source names it.
        public static let hash: String = Data(SHA256.hash(Array(source.utf8))).base64EncodedString()

        /// The directive added to the page's policy: this script may run, and nothing else (no
        /// `'unsafe-inline'`, no `'unsafe-eval'`).
        public static var policyDirective: String { "script-src 'sha256-\(hash)'" }

        /// What a message holds that `has:` asks for, in the order the script's names are listed:
        /// `image` (a picture or GIF), `file` (a file, audio or video), `link` (a link in the text or
        /// a link preview), `voice` (a voice message), `poll`. Read from the views, as the factory
        /// built them; the quoted message, which is another message, is left out.
        static func facets(of frame: MessageFrame) -> [String] {
            var found = Set<String>()
            for view in frame.body { collect(view, into: &found) }
            return ["image", "file", "link", "voice", "poll"].filter(found.contains)
        }

        private static func collect(_ view: ViewNode, into found: inout Set<String>) {
            switch view {
            case .image(let content):
                found.insert(content.playable ? "file" : "image")
            case .icon(let name, _):
                switch name {
                case .voiceRecording: found.insert("voice")
                case .poll: found.insert("poll")
                case .linkPreview: found.insert("link")
                case .giphy, .image: found.insert("image")
                case .audio, .video, .file: found.insert("file")
                default: if name.group == .file { found.insert("file") }
                }
            case .markdown(let document):
                if document.blocks.contains(where: hasLink) { found.insert("link") }
            case .stack(_, let views, _), .card(_, let views):
                for view in views { collect(view, into: &found) }
            case .link(_, let label, _), .titled(let label, _), .anchor(_, let label):
                collect(label, into: &found)
            case .fields(let fields):
                for field in fields { collect(field.value, into: &found) }
            case .disclosure(let summary, let content):
                for view in summary + content { collect(view, into: &found) }
            case .quote, .message, .empty, .text, .avatar, .time, .badge, .divider, .heading, .raw:
                break
            }
        }

        private static func hasLink(_ block: MarkdownBlock) -> Bool {
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): inlines.contains(where: hasLink)
            case .blockQuote(let blocks): blocks.contains(where: hasLink)
            case .list(_, _, let items): items.contains { $0.contains(where: hasLink) }
            case .table(let table): (table.header + table.rows.joined()).contains { $0.contains(where: hasLink) }
            default: false
            }
        }

        private static func hasLink(_ inline: MarkdownInline) -> Bool {
            switch inline {
            case .link(let destination, _, _): URLPolicy.isAllowed(destination)
            case .emphasis(let children), .strong(let children), .strikethrough(let children): children.contains(where: hasLink)
            default: false
            }
        }
    }
}
