import Foundation

extension HTMLOptions {
    /// The one script of a page rendered with ``HTMLOptions/search``, and what the page needs for
    /// it: the hash its Content-Security-Policy allows it by, and the facts about each message the
    /// filters read (see ``HTMLBackend``).
    ///
    /// The script is a constant: no message data is ever part of it, so the hash in the policy is the
    /// same for every page and nothing else can run. It reads the page's DOM (text by `textContent`,
    /// the `data-` attributes below), hides and shows messages with a class, and highlights with the
    /// CSS Custom Highlight API, or with `<mark>` elements made by `createElement` around the page's
    /// own text nodes where that API is missing. It never assigns markup and never evaluates a string.
    public enum SearchScript {
        /// The script, as written between `<script>` and `</script>`: ASCII only, so that its UTF-8
        /// bytes, which the browser hashes, are the characters here.
        public static let source = #"""
            (() => {
              'use strict';
              // The page's own search (scrollback render --search). It reads the page and writes only
              // text and classes: no message text is ever turned into markup or code.
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
              const PREFIX = '#search=';
              const FILTERS = ['from', 'on', 'before', 'after', 'has', 'in'];
              const KINDS = ['image', 'file', 'link', 'voice', 'poll'];
              const DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
              const MOST = 10000;
              // Text that is not the message's own: quotes of other messages, icons, initials, times.
              const SKIP = 'blockquote, .sb-icon, .sb-avatar, time';
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

              const records = Array.from(main.querySelectorAll('article.sb-message'), article => ({
                article,
                day: article.getAttribute('data-day') || '',
                has: (article.getAttribute('data-has') || '').split(' '),
                inThread: article.closest('details.sb-thread') !== null,
                headless: null,
                from: null,
                texts: null,
              }));

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

              const parse = query => {
                const terms = {words: [], from: [], on: [], before: [], after: [], has: [], inThread: false, problems: []};
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
                    terms.problems.push(token.key + ': needs a value');
                    continue;
                  }
                  const lower = value.toLowerCase();
                  if (token.key === 'from') {
                    terms.from.push(fold(value).text);
                  } else if (token.key === 'has') {
                    if (KINDS.includes(lower)) terms.has.push(lower);
                    else terms.problems.push('has:' + value + ' is not one of ' + KINDS.join(', '));
                  } else if (token.key === 'in') {
                    if (lower === 'thread') terms.inThread = true;
                    else terms.problems.push('in:' + value + ' is not known, use in:thread');
                  } else if (DATE.test(value)) {
                    terms[token.key].push(value);
                  } else {
                    terms.problems.push(token.key + ':' + value + ' is not a date, use YYYY-MM-DD');
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
                if (terms.inThread && !record.inThread) return false;
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

              const rangeOf = match => {
                const range = document.createRange();
                range.setStart(match.node, match.start);
                range.setEnd(match.node, match.end);
                return range;
              };

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

              const paint = () => {
                if (highlights) {
                  highlights.delete('sb-search');
                  highlights.delete('sb-search-current');
                  const ranges = matches.filter(match => match.node).map(rangeOf);
                  if (ranges.length) highlights.set('sb-search', new Highlight(...ranges));
                } else {
                  wrap();
                }
              };

              const say = () => {
                if (countOut) {
                  const total = matches.length >= MOST ? MOST + '+' : String(matches.length);
                  countOut.textContent = current >= 0 ? (current + 1) + ' of ' + total : (summary ? 'No matches' : '');
                }
              };

              const show = () => {
                for (const element of main.querySelectorAll('.' + CURRENT + ', .sb-search-mark-current')) {
                  element.classList.remove(CURRENT, 'sb-search-mark-current');
                }
                if (highlights) highlights.delete('sb-search-current');
                const match = matches[current];
                if (!match) return say();
                let target = match.record.article;
                if (match.mark) {
                  match.mark.classList.add('sb-search-mark-current');
                  target = match.mark;
                } else if (match.node) {
                  highlights.set('sb-search-current', new Highlight(rangeOf(match)));
                  target = match.node.parentElement;
                }
                match.record.article.classList.add(CURRENT);
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
                if (!matches.length) return;
                current = current < 0 ? (step > 0 ? 0 : matches.length - 1) : (current + step + matches.length) % matches.length;
                show();
              };

              // The day separators and threads left with no message shown are hidden too.
              const hideEmptyParts = active => {
                for (const thread of main.querySelectorAll('details.sb-thread')) {
                  const shown = thread.querySelector('article.sb-message:not(.' + HIDDEN + ')') !== null;
                  thread.classList.toggle(HIDDEN, active && !shown);
                  if (active && shown && !thread.open) {
                    thread.open = true;
                    opened.push(thread);
                  }
                }
                let day = null;
                let dayShown = false;
                const closeDay = () => { if (day) day.classList.toggle(HIDDEN, active && !dayShown); };
                for (const element of main.children) {
                  if (element.classList.contains('sb-day')) {
                    closeDay();
                    day = element;
                    dayShown = false;
                  } else if (element.matches('article.sb-message, details.sb-thread')) {
                    if (!element.classList.contains(HIDDEN)) dayShown = true;
                  } else if (element !== bar) {
                    closeDay();
                    day = null;
                  }
                }
                closeDay();
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

              const run = (query, keepsAddress) => {
                clearTimeout(timer);
                timer = 0;
                unwrap();
                for (const thread of opened) thread.open = false;
                opened = [];
                const terms = parse(query);
                matches = [];
                let shown = 0;
                for (const record of records) {
                  let found = terms.active && passes(record, terms) ? [] : null;
                  if (found && terms.words.length) found = find(record, terms.words);
                  const visible = !terms.active || found !== null;
                  record.article.classList.toggle(HIDDEN, !visible);
                  // A message shown without the first of its group names its author itself.
                  if (record.headless === null) record.headless = !record.article.querySelector(':scope > header');
                  if (record.headless) record.article.classList.toggle('sb-search-author', terms.active && visible);
                  if (!terms.active || !found) continue;
                  shown += 1;
                  if (matches.length >= MOST) continue;
                  if (terms.words.length) for (const match of found) matches.push(match);
                  else matches.push({record});
                }
                if (matches.length > MOST) matches.length = MOST;
                hideEmptyParts(terms.active);
                paint();
                summary = terms.active ? shown + (shown === 1 ? ' message' : ' messages') + ' of ' + records.length : '';
                const notes = terms.problems.slice();
                if (!keepsAddress && !remember(query.trim())) notes.push('the address cannot keep this search here');
                bar.classList.toggle('sb-search-problem', terms.problems.length > 0);
                if (statusOut) statusOut.textContent = [summary].concat(notes).filter(Boolean).join(' \u00b7 ');
                current = matches.length ? 0 : -1;
                if (current >= 0) show();
                else say();
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
