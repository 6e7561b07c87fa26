#!/usr/bin/env python3
"""Writes a seeded, Stream Chat-shaped transcript for the benchmarks (Scripts/compare, Scripts/bench).

    Scripts/bench-corpus.py --messages N [--seed S] --out FILE [--ndjson | --events] [--texts FILE]

The file is {"channel": {...}, "messages": [...]}, compact UTF-8 as Stream's API sends it;
--ndjson writes one message object a line instead; --events writes a log of Stream's webhook
events (one a line) whose replay is the same transcript: each message arrives by message.new,
its reactions by reaction.new/updated/deleted events (each carrying the message, as Stream's
do), edits by message.updated, deletions by message.deleted; extra messages are hard-deleted,
a few stale edits arrive out of order, and typing, read and presence events are mixed in. --texts also writes every message's text
followed by a NUL byte, in order (the cmark floor's input). The same N and seed give the same
bytes on any Python 3.

The mix is a busy team channel: mostly short messages and a sentence or two, some Markdown
(emphasis, code, links, lists, quotes, code blocks), bare URLs and @mentions, other scripts
and emoji; attachments (images, files, videos, GIFs, link previews, voice messages, contacts)
on about one message in six; reactions on about one in four; thread replies, quotes, edits,
pins, deletions and system messages. Every message carries the members Stream's export has
(the author's whole user object, reaction lists and counts, dates, flags), so that reading
costs what it costs on a real export. Names, words and URLs are this project's own.
"""
import argparse
import datetime
import json
import random
import sys

CHANNEL_ID = "platform-team"
CID = "messaging:" + CHANNEL_ID
START = datetime.datetime(2024, 3, 4, 8, 0, 0, tzinfo=datetime.timezone.utc)

MEMBERS = [
    ("ada", "Ada Okafor"), ("bram", "Bram de Vries"), ("celine", "Céline Fournier"),
    ("dario", "Dario Esposito"), ("elif", "Elif Yılmaz"), ("farid", "Farid Nazari"),
    ("greta", "Greta Lindqvist"), ("hugo", "Hugo Almeida"), ("ines", "Inês Carvalho"),
    ("jonas", "Jonas Weber"), ("keiko", "Keiko Mori"), ("liam", "Liam O'Connor"),
    ("maya", "Maya Goldberg"), ("nikos", "Νίκος Παπαδόπουλος"), ("oskar", "Oskar Nowak"),
    ("pavel", "Павел Соколов"), ("quinn", "Quinn"), ("rahul", "Rahul Menon"),
    ("saanvi", "सान्वी गुप्ता"), ("tariq", "طارق حسن"), ("ulla", "Ulla Virtanen"),
    ("vera", "Vera Kovač"), ("wen", "王文"), ("xavi", "Xavi Puig"), ("yara", "Yara <qa>"),
    ("zoe", "Zoë 🌱"), ("sora", "佐藤 空"), ("jiho", "이지호"), ("ci-bot", "CI Bot"),
    ("noname", None),
]

GREETINGS = ["morning all", "hi team", "hey", "quick one", "heads up", "fyi", "question", "update"]
SHORT = [
    "ok", "sure", "thanks!", "done", "on it", "+1", "nice 🎉", "agreed", "will check", "lol",
    "👍", "🙏", "makes sense", "not yet", "looking now", "fixed", "merged ✅", "ship it 🚀",
    "give me 5 min", "back", "same", "👀", "ack", "cool", "yes", "no", "hmm", "good catch",
    "brb, coffee ☕", "works for me", "sorry, missed this", "can do", "thx", "🔥🔥",
]
SUBJECTS = [
    "the nightly build", "the payments service", "staging", "the login page", "the search API",
    "our metrics dashboard", "the iOS release", "the Android beta", "the data export",
    "the billing cron job", "the docs site", "the feature flag service", "the on-call runbook",
    "the Postgres upgrade", "the image resizer", "the webhook retries", "the rate limits",
    "the new onboarding flow", "the incident review", "the Q3 roadmap",
]
PREDICATES = [
    "is green again", "looks flaky since Tuesday", "needs another review", "is blocked on infra",
    "went out an hour ago", "is slower than last week", "has a memory leak, I think",
    "is ready for QA", "broke after the last merge", "should be done by Thursday",
    "needs a rollback plan", "passed the load test", "is still paging people at night",
    "got two new bug reports", "is waiting for legal", "could use a second pair of eyes",
]
FOLLOWUPS = [
    "Can someone take a look?", "I'll write it up after lunch.", "Let's discuss at standup.",
    "Ping me if you see anything odd.", "Logs are in the usual place.", "No rush.",
    "I opened a ticket for it.", "Does anyone remember why we did it this way?",
    "Numbers look better than expected.", "Pairing on it this afternoon if anyone wants to join.",
]
OTHER_SCRIPTS = [
    "明天的发布会推迟到下午三点，请大家注意。", "了解しました、確認してから返信します。",
    "سأراجع التغييرات قبل نهاية اليوم.", "मैं कल सुबह इसे देख लूँगा।", "Спасибо, посмотрю вечером.",
    "Καλή ιδέα, ας το δοκιμάσουμε.", "좋아요, 내일 회의에서 얘기해요.", "Gracias, lo reviso mañana.",
    "Danke, das hilft sehr! Größere Änderungen später.", "תודה, אבדוק את זה מחר.",
]
EMOJI_ONLY = ["🎉", "😂😂", "👍👍👍", "❤️", "🚀", "🙌🏽", "👨‍👩‍👧", "🇧🇷🇯🇵", "✅✅", "😅"]
CODE_SPANS = ["make test", "git rebase -i", "kubectl get pods", "npm ci", "--dry-run", "SELECT 1",
              "retry_after", "config.yaml", "HTTP 429", "nil"]
CODE_BLOCKS = [
    ("swift", "let total = items\n    .filter { $0.isActive }\n    .reduce(0) { $0 + $1.price }"),
    ("sql", "SELECT user_id, count(*)\nFROM events\nWHERE created_at > now() - interval '1 day'\nGROUP BY 1;"),
    ("", "Traceback (most recent call last):\n  File \"worker.py\", line 88, in run\nTimeoutError: upstream took 30s"),
    ("yaml", "retries: 3\nbackoff:\n  initial: 200ms\n  max: 5s"),
    ("sh", "for f in logs/*.gz; do zcat \"$f\" | grep -c ERROR; done"),
]
SITES = ["https://status.example.com/incidents/{n}", "https://git.example.org/platform/pull/{n}",
         "https://wiki.example.net/runbooks/page-{n}", "https://tickets.example.com/browse/PLAT-{n}",
         "https://docs.example.org/guides/{n}#setup"]
REACTIONS = ["like", "love", "haha", "wow", "sad", "thumbsup", "fire", "eyes"]
FILES = [("design-review.pdf", "application/pdf"), ("metrics-march.xlsx",
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
         ("notes.txt", "text/plain"), ("dump.tar.gz", "application/gzip"),
         ("slides.key", "application/x-iwork-keynote-sffkey"), ("trace.json", "application/json")]


def stamp(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06dZ" % t.microsecond


class Writer:
    def __init__(self, count, seed):
        self.count = count
        self.rng = random.Random(seed)
        self.users = [self.user(uid, name, i) for i, (uid, name) in enumerate(MEMBERS)]
        # A few people write most of the messages, as in any channel.
        self.weights = [30 // (1 + i // 3) + 1 for i in range(len(self.users))]

    def user(self, uid, name, index):
        r = self.rng
        user = {"id": uid, "role": "admin" if index == 0 else "user", "created_at": stamp(START - datetime.timedelta(days=400 - index)),
                "updated_at": stamp(START - datetime.timedelta(days=3 + index)), "last_active": stamp(START),
                "banned": False, "online": r.random() < 0.3, "language": r.choice(["en", "fr", "de", "ja", "pt"])}
        if name is not None:
            user["name"] = name
            user["image"] = "https://cdn.example.com/avatars/%s.png?v=%d" % (uid, r.randrange(1, 9))
        if uid == "ci-bot":
            user["role"] = "bot"
        return user

    def author(self):
        return self.rng.choices(self.users, weights=self.weights)[0]

    def url(self):
        return self.rng.choice(SITES).format(n=self.rng.randrange(100, 99999))

    def sentence(self):
        r = self.rng
        s = "%s %s." % (r.choice(SUBJECTS), r.choice(PREDICATES))
        s = s[0].upper() + s[1:]
        if r.random() < 0.4:
            s += " " + r.choice(FOLLOWUPS)
        return s

    def text(self, mentioned):
        """A message's text and the users it mentions."""
        r = self.rng
        k = r.random()
        if k < 0.30:
            t = r.choice(SHORT)
        elif k < 0.62:
            t = " ".join(self.sentence() for _ in range(r.randint(1, 2)))
            if r.random() < 0.15:
                t = r.choice(GREETINGS) + ", " + t[0].lower() + t[1:]
        elif k < 0.70:  # inline Markdown
            s = self.sentence()
            words = s.split(" ")
            i = r.randrange(len(words))
            words[i] = r.choice(["**%s**", "_%s_", "`%s`", "~~%s~~"]) % words[i]
            t = " ".join(words) + (" Try `%s`." % r.choice(CODE_SPANS) if r.random() < 0.5 else "")
            if r.random() < 0.3:
                t += " Details: [the write-up](%s)." % self.url()
        elif k < 0.74:  # a list
            t = "Plan for %s:\n" % r.choice(SUBJECTS) + "\n".join(
                "%s %s" % ("-" if r.random() < 0.6 else "%d." % (n + 1), self.sentence()) for n in range(r.randint(2, 5)))
        elif k < 0.77:  # code
            lang, code = r.choice(CODE_BLOCKS)
            t = "%s\n```%s\n%s\n```" % (r.choice(["Seeing this:", "This fixed it for me:", "Current version:"]), lang, code)
        elif k < 0.79:  # a quote
            t = "> %s\n\n%s" % (self.sentence(), r.choice(SHORT))
        elif k < 0.85:  # a bare URL
            t = "%s %s" % (r.choice(["see", "context:", "dashboard:", "PR is up:", "fyi"]), self.url())
        elif k < 0.91:  # mentions
            people = r.sample(self.users, r.randint(1, 2))
            mentioned.extend(people)
            t = " ".join("@" + p.get("name", p["id"]) for p in people) + " " + self.sentence()
        elif k < 0.96:
            t = r.choice(OTHER_SCRIPTS)
        else:
            t = r.choice(EMOJI_ONLY)
        return t

    def attachments(self):
        r = self.rng
        k = r.random()
        n = r.randrange(1000, 999999)
        if k < 0.40:
            return [{"type": "image", "image_url": "https://cdn.example.com/uploads/%d/photo-%d.jpg" % (n, i),
                     "thumb_url": "https://cdn.example.com/uploads/%d/photo-%d-thumb.jpg" % (n, i),
                     "fallback": "photo-%d.jpg" % i, "original_width": 3024, "original_height": 4032,
                     "file_size": r.randrange(200000, 5000000), "mime_type": "image/jpeg"}
                    for i in range(1 if r.random() < 0.75 else r.randint(2, 4))]
        if k < 0.55:
            name, mime = r.choice(FILES)
            return [{"type": "file", "title": name, "asset_url": "https://cdn.example.com/files/%d/%s" % (n, name),
                     "mime_type": mime, "file_size": r.randrange(1000, 9000000)}]
        if k < 0.63:
            return [{"type": "video", "title": "screen-recording-%d.mp4" % n,
                     "asset_url": "https://cdn.example.com/video/%d.mp4" % n,
                     "thumb_url": "https://cdn.example.com/video/%d.jpg" % n, "mime_type": "video/mp4",
                     "duration": round(r.uniform(3, 300), 1), "file_size": r.randrange(1000000, 90000000)}]
        if k < 0.75:
            gif = "https://media.example-gifs.com/g/%d" % n
            return [{"type": "giphy", "title": r.choice(["celebrate", "facepalm", "deal with it", "ship it"]),
                     "title_link": gif, "thumb_url": gif + "/small.gif",
                     "giphy": {"fixed_height": {"url": gif + "/200.gif", "width": "356", "height": "200",
                                                "size": str(r.randrange(100000, 2000000)), "mp4": gif + "/200.mp4"},
                               "original": {"url": gif + "/full.gif", "width": "480", "height": "270"}}}]
        if k < 0.90:
            url = self.url()
            preview = {"og_scrape_url": url, "title_link": url, "title": self.sentence()[:60],
                       "text": " ".join(self.sentence() for _ in range(2)), "author_name": url.split("/")[2]}
            if r.random() < 0.6:
                preview["type"] = "image"
                preview["image_url"] = "https://cdn.example.com/og/%d.png" % n
                preview["thumb_url"] = preview["image_url"]
            return [preview]
        if k < 0.97:
            return [{"type": "voiceRecording", "title": "voice-%d.aac" % n,
                     "asset_url": "https://cdn.example.com/voice/%d.aac" % n, "mime_type": "audio/aac",
                     "duration": round(r.uniform(1, 60), 2), "file_size": r.randrange(10000, 900000),
                     "waveform_data": [round(r.random(), 3) for _ in range(r.randint(40, 100))]}]
        who = r.choice(MEMBERS)
        return [{"type": "contact", "name": who[1] or who[0], "phone_number": "+1 555 01%02d" % r.randrange(100),
                 "email": "%s@example.com" % who[0]}]

    def reactions(self, message_id, at):
        r = self.rng
        kinds = r.sample(REACTIONS, r.choice([1, 1, 1, 2, 2, 3]))
        latest, counts, groups = [], {}, {}
        for kind in kinds:
            people = r.sample(self.users, r.choice([1, 1, 2, 3, 5]))
            counts[kind] = len(people)
            first = last = None
            for person in people:
                at = at + datetime.timedelta(seconds=r.randrange(5, 900))
                first = first or at
                last = at
                if len(latest) < 10:
                    latest.append({"message_id": message_id, "user_id": person["id"], "user": person, "type": kind,
                                   "score": 1, "created_at": stamp(at), "updated_at": stamp(at)})
            groups[kind] = {"count": len(people), "sum_scores": len(people),
                            "first_reaction_at": stamp(first), "last_reaction_at": stamp(last)}
        return latest, counts, groups

    def message(self, index, at, mentioned):
        r = self.rng
        author = self.author()
        message_id = "%s-%08x-%04x" % (author["id"], r.getrandbits(32), index & 0xFFFF)
        text = self.text(mentioned)
        m = {"id": message_id, "text": text, "type": "regular", "user": author, "cid": CID,
             "created_at": stamp(at), "updated_at": stamp(at), "attachments": [],
             "latest_reactions": [], "own_reactions": [], "reaction_counts": {}, "reaction_scores": {},
             "reaction_groups": None, "reply_count": 0, "deleted_reply_count": 0, "shadowed": False,
             "mentioned_users": mentioned, "silent": False, "pinned": False, "pinned_at": None,
             "pinned_by": None, "pin_expires": None}
        if r.random() < 0.16:
            m["attachments"] = self.attachments()
            if r.random() < 0.4 and m["attachments"][0].get("type") in ("image", "video", "file", "voiceRecording"):
                m["text"] = ""
        if r.random() < 0.25:
            latest, counts, groups = self.reactions(message_id, at)
            m["latest_reactions"] = latest
            m["reaction_counts"] = counts
            m["reaction_scores"] = dict(counts)
            m["reaction_groups"] = groups
        if r.random() < 0.03:
            edited = at + datetime.timedelta(seconds=r.randrange(30, 3000))
            m["updated_at"] = m["message_text_updated_at"] = stamp(edited)
        if r.random() < 0.005:
            m["pinned"] = True
            m["pinned_at"] = stamp(at + datetime.timedelta(minutes=5))
            m["pinned_by"] = self.users[0]
        return m

    def messages(self):
        r = self.rng
        at = START
        out, threads = [], []  # threads: indexes of messages that have replies
        for index in range(self.count):
            at += datetime.timedelta(seconds=r.expovariate(1 / 40), microseconds=r.randrange(1000000))
            if at.hour >= 19:  # nights and weekends are quiet
                at = (at + datetime.timedelta(days=1)).replace(hour=8, minute=r.randrange(30))
            while at.weekday() >= 5:
                at += datetime.timedelta(days=1)
            k = r.random()
            if k < 0.01:
                person = r.choice(self.users)
                out.append({"id": "system-%d" % index, "type": "system", "cid": CID, "created_at": stamp(at),
                            "updated_at": stamp(at), "user": self.users[-2],
                            "text": "%s joined the channel" % person.get("name", person["id"]),
                            "attachments": [], "latest_reactions": [], "own_reactions": [],
                            "reaction_counts": {}, "reaction_scores": {}, "reply_count": 0,
                            "mentioned_users": [], "silent": True, "shadowed": False, "pinned": False})
                continue
            mentioned = []
            m = self.message(index, at, mentioned)
            if k < 0.02:
                m.update(type="deleted", text="", attachments=[], deleted_at=stamp(at + datetime.timedelta(minutes=2)))
            elif k < 0.13 and out:
                # A thread reply: to a recent message, or to a thread already under way.
                if threads and r.random() < 0.6:
                    parent = out[r.choice(threads[-8:])]
                else:
                    at_index = max(0, len(out) - r.randint(1, 30))
                    parent = out[at_index]
                    if parent["type"] != "regular" or "parent_id" in parent:
                        parent = None
                    else:
                        threads.append(at_index)
                if parent is not None:
                    m["parent_id"] = parent["id"]
                    parent["reply_count"] += 1
                    parent.setdefault("thread_participants", [])
                    if m["user"] not in parent["thread_participants"]:
                        parent["thread_participants"].append(m["user"])
                    if r.random() < 0.1:
                        m["show_in_channel"] = True
            elif k < 0.18 and len(out) > 1:
                quoted = out[max(0, len(out) - r.randint(1, 200))]
                if quoted["type"] == "regular" and "parent_id" not in quoted:
                    m["quoted_message_id"] = quoted["id"]
                    m["quoted_message"] = {key: value for key, value in quoted.items() if key != "quoted_message"}
            out.append(m)
        return out

    def channel(self):
        return {"id": CHANNEL_ID, "type": "messaging", "cid": CID, "name": "Platform team 🛠",
                "created_at": stamp(START - datetime.timedelta(days=90)), "created_by": self.users[0],
                "member_count": len(self.users), "frozen": False, "disabled": False,
                "config": {"reactions": True, "replies": True, "quotes": True, "uploads": True}}


def events(writer, channel, messages):
    """The event log whose replay gives `messages` (see the module's doc)."""
    r = random.Random(7)
    def event(kind, at, actor, **members):
        e = {"type": kind, "cid": CID, "channel_id": CHANNEL_ID, "channel_type": "messaging", "created_at": at}
        if actor is not None:
            e["user"] = actor
        e.update(members)
        return e
    def bare(m):
        """The message as it stood before its reactions."""
        b = dict(m, latest_reactions=[], own_reactions=[], reaction_counts={}, reaction_scores={}, reaction_groups=None)
        return b
    def later(at, seconds):
        t = datetime.datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
        return stamp(t + datetime.timedelta(seconds=seconds))
    out = [event("channel.created", channel["created_at"], writer.users[0], channel=channel)]
    for index, m in enumerate(messages):
        at, author = m["created_at"], m.get("user")
        if r.random() < 0.2:
            out.append(event("typing.start", at, author))
        version = bare(m)
        edited = m.get("message_text_updated_at")
        deleted = m.get("type") == "deleted"
        if edited:
            version.pop("message_text_updated_at")
            version["text"] = "(first draft) " + m["text"]
            version["updated_at"] = at
        if deleted:
            version.update(type="regular", text="a message soon deleted")
            version.pop("deleted_at")
        out.append(event("message.new", at, author, message=version, watcher_count=3))
        if r.random() < 0.3:
            out.append(event("message.read", later(at, 2), writer.author(), last_read_message_id=m["id"]))
        # Reactions one event each; now and then one given and taken back, or changed.
        groups = {}
        for reaction in m["latest_reactions"]:
            kind = reaction["type"]
            groups[kind] = groups.get(kind, 0) + 1
            current = dict(version, latest_reactions=[reaction], reaction_groups={kind: {"count": groups[kind], "sum_scores": groups[kind]}})
            mine = {other["type"] for other in m["latest_reactions"] if other["user_id"] == reaction["user_id"]}
            spare = [other for other in REACTIONS if other not in mine]
            if r.random() < 0.1 and spare:
                # A type this user never gives here: one reaction a user has per type.
                wrong = dict(reaction, type=spare[0])
                out.append(event("reaction.new", wrong["created_at"], reaction["user"], reaction=wrong, message=current))
                out.append(event("reaction.deleted", reaction["created_at"], reaction["user"], reaction=wrong, message=current))
            out.append(event("reaction.new", reaction["created_at"], reaction["user"], reaction=reaction, message=current))
        last = max([reaction["created_at"] for reaction in m["latest_reactions"]] + [at])
        if not deleted and (edited or len(m["latest_reactions"]) < sum((m.get("reaction_counts") or {}).values())):
            # An edit, or more reactions than the latest ten: the message as Stream sends it then.
            out.append(event("message.updated", max(edited or at, later(last, 1)), author, message=m))
            if edited and r.random() < 0.3:
                # A stale copy of the first version, delivered late: reported, left out.
                out.append(event("message.updated", at, author, message=version))
        if deleted:
            out.append(event("message.deleted", m["deleted_at"], author, message=m, hard_delete=False))
        if index % 100 == 50:
            gone = dict(bare(m), id=m["id"] + "-gone", text="posted by mistake", parent_id=None, quoted_message_id=None)
            gone.pop("quoted_message", None)
            out.append(event("message.new", at, author, message=gone))
            out.append(event("message.deleted", later(at, 30), author, message=dict(gone, type="deleted"), hard_delete=True))
        if r.random() < 0.05:
            out.append(event("user.presence.changed", at, None, user=dict(writer.author(), online=r.random() < 0.5)))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    parser.add_argument("--ndjson", action="store_true")
    parser.add_argument("--events", action="store_true")
    parser.add_argument("--texts")
    args = parser.parse_args()
    writer = Writer(args.messages, args.seed)
    channel = writer.channel()
    messages = writer.messages()
    dump = lambda value: json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    with open(args.out, "w", encoding="utf-8") as out:
        if args.events:
            for e in events(writer, channel, messages):
                out.write(dump(e) + "\n")
        elif args.ndjson:
            for m in messages:
                out.write(dump(m) + "\n")
        else:
            out.write('{"channel":' + dump(channel) + ',"messages":[')
            out.write(",".join(dump(m) for m in messages))
            out.write("]}\n")
    if args.texts:
        with open(args.texts, "wb") as out:
            for m in messages:
                out.write(m.get("text", "").encode("utf-8") + b"\0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
