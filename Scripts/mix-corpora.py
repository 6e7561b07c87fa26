#!/usr/bin/env python3
"""Derives corpora of other mixes from a generated one, for speed checks beyond its mix.

    Scripts/mix-corpora.py CORPUS.json DIR

Writes into DIR, each with CORPUS's channel and messages:
  languages.json         every text rewritten in Chinese, Japanese, Arabic, Hindi or emoji, same lengths
  more-languages.json    every text in one of ten other scripts: Thai, Korean, Vietnamese, Russian,
                         Hebrew, Greek, Devanagari with vowel signs, ZWJ emoji and flags, stacked marks
  threads.json           60% of messages replies to 40 parents, a fifth of them also in the channel
  attachments.json       four attachments a message, of seven kinds (image, file, video, giphy,
                         voice recording, link preview, contact card)
  quotes-reactions.json  every message quoting an earlier one, with six reactions of five types
  markdown.json          every text a long Markdown document: headings, lists, quotes, code, a table,
                         links, emphasis and mentions
  authors.json           every message by an author of its own, mentioning three others
  channels.json          the messages spread over 200 channels ({"channels": [...]})
  pretty-escaped.json    the corpus as Python writes JSON by default: indented, non-ASCII as \\u escapes

Seeded: the same CORPUS gives the same files. The texts are this project's own.
"""
import copy
import json
import os
import random
import sys

SCRIPTS = [
    "我们明天上午十点在会议室讨论新版本的发布计划请大家准备好各自的进度报告谢谢",
    "明日の会議は午前十時からです。資料の準備をお願いします。よろしくお願いいたします。",
    "مرحبا بالجميع، الاجتماع غدا في الساعة العاشرة صباحا. يرجى تحضير التقارير.",
    "कल सुबह दस बजे बैठक है। कृपया अपनी रिपोर्ट तैयार रखें।",
    "🎉👍😂❤️🔥🚀 👨‍👩‍👧‍👦 🇫🇷🇯🇵 ✅ ",
]

MORE_SCRIPTS = [
    "การประชุมวันนี้เลื่อนไปเป็นพรุ่งนี้ตอนบ่ายสองโมงกรุณาเตรียมเอกสารให้พร้อม",
    "오늘 회의는 내일 오후 두 시로 연기되었습니다 자료를 미리 준비해 주세요 ",
    "Cuộc họp hôm nay được dời sang chiều mai lúc hai giờ, vui lòng chuẩn bị tài liệu. ",
    "Сегодняшняя встреча перенесена на завтра, пожалуйста, подготовьте документы. ",
    "הפגישה של היום נדחתה למחר בשעה שתיים, אנא הכינו את המסמכים מראש. ",
    "Η σημερινή συνάντηση μεταφέρθηκε για αύριο στις δύο, ετοιμάστε τα έγγραφα. ",
    "आज की बैठक कल दोपहर दो बजे तक के लिए स्थगित कर दी गई है। ",
    "👨‍👩‍👧‍👦 🏳️‍🌈 🇯🇵🇫🇷🇧🇷 👩🏽‍💻 🧑🏿‍🚀 ❤️‍🔥 ",
    "Z̷̢̛a̸͎͝l̶̡̛g̵̢͝o̷̧͝ t̶͎͝e̸̢͝x̵̧͝t̶̨͝ ",
    "Ça marche, à demain ! Größe, señor, Ærø, Łódź. ",
]

MARKDOWN = """## Release notes for {n}

Thanks @{mention} for the **review** and _quick_ turnaround on ~~the old plan~~ this one.

1. Merge the [migration](https://example.org/pr/{n}) first
2. Then run `make deploy` on the *staging* cluster
   - check the dashboards
   - [x] announce in #general

> The rollout window is 14:00-15:00 UTC.
> Ping me if anything looks off.

```swift
let total = items.reduce(0) {{ $0 + $1.count }}
print("done: \\(total)")
```

| step | owner | done |
|---|---|:-:|
| build | {mention} | yes |
| ship | ops | no |

See <https://status.example.org/{n}> or www.example.org/docs for more.
"""

ATTACHMENTS = [
    lambda i: {"type": "image", "image_url": f"https://cdn.example.org/{i}.jpg", "original_width": 800,
               "original_height": 600, "fallback": "photo.jpg"},
    lambda i: {"type": "file", "asset_url": f"https://cdn.example.org/{i}.pdf", "title": f"report-{i}.pdf",
               "file_size": 123456, "mime_type": "application/pdf"},
    lambda i: {"type": "video", "asset_url": f"https://cdn.example.org/{i}.mp4", "title": "clip.mp4",
               "thumb_url": f"https://cdn.example.org/{i}.jpg"},
    lambda i: {"type": "giphy", "title": "cat", "thumb_url": "https://media.example/g.gif",
               "giphy": {"fixed_height": {"url": "https://media.example/g.gif", "width": "200", "height": "200"}}},
    lambda i: {"type": "voiceRecording", "asset_url": f"https://cdn.example.org/{i}.aac", "duration": 12.5,
               "waveform_data": [0.1, 0.5, 0.9, 0.3] * 10},
    lambda i: {"og_scrape_url": f"https://news.example.com/{i}", "title": "A headline", "text": "Summary of the page",
               "title_link": f"https://news.example.com/{i}", "image_url": "https://news.example.com/i.jpg", "type": "image"},
    lambda i: {"type": "contact", "name": "Ann Lee", "phone_number": "+33 1 23 45 67 89", "email": "ann@example.org"},
]


def main():
    source, directory = sys.argv[1], sys.argv[2]
    os.makedirs(directory, exist_ok=True)
    corpus = json.load(open(source, encoding="utf-8"))
    messages = corpus["messages"]
    rng = random.Random(3)

    def write(name, rewritten):
        with open(os.path.join(directory, name + ".json"), "w", encoding="utf-8") as file:
            json.dump({"channel": corpus.get("channel", {}), "messages": rewritten}, file, ensure_ascii=False)

    languages = copy.deepcopy(messages)
    for message in languages:
        length = max(3, len(message.get("text", "")))
        script = rng.choice(SCRIPTS)
        message["text"] = (script * (length // len(script) + 1))[:length]
    write("languages", languages)

    threads = copy.deepcopy(messages)
    parents = [message["id"] for message in threads[:40]]
    for message in threads[40:]:
        if rng.random() < 0.6:
            message["parent_id"] = rng.choice(parents)
            message["show_in_channel"] = rng.random() < 0.2
    write("threads", threads)

    attachments = copy.deepcopy(messages)
    for index, message in enumerate(attachments):
        message["attachments"] = [rng.choice(ATTACHMENTS)(index) for _ in range(4)]
    write("attachments", attachments)

    quotes = copy.deepcopy(messages)
    types = ["like", "love", "haha", "wow", "sad", "like"]
    for index, message in enumerate(quotes):
        if index > 0:
            quoted = quotes[rng.randrange(0, index)]
            message["quoted_message_id"] = quoted["id"]
            message["quoted_message"] = {key: quoted[key] for key in ("id", "text", "type", "user", "created_at", "attachments")}
        users = [other["user"] for other in rng.sample(messages, 6)]
        message["latest_reactions"] = [{"type": kind, "user": user, "user_id": user["id"], "created_at": message["created_at"]}
                                       for kind, user in zip(types, users)]
        message["reaction_groups"] = {kind: {"count": types.count(kind), "sum_scores": types.count(kind)} for kind in set(types)}
    write("quotes-reactions", quotes)

    more = copy.deepcopy(messages)
    for message in more:
        script = rng.choice(MORE_SCRIPTS)
        message["text"] = script * rng.randint(1, 4)
    write("more-languages", more)

    markdown = copy.deepcopy(messages)
    for index, message in enumerate(markdown):
        user = rng.choice(messages)["user"]
        message["text"] = MARKDOWN.format(n=index, mention=user.get("name") or user["id"])
        message["mentioned_users"] = [user]
    write("markdown", markdown)

    authors = copy.deepcopy(messages)
    for index, message in enumerate(authors):
        user = dict(message["user"], id=f"user-{index}", name=f"Person Number {index} of the Extended Team",
                    image=f"https://avatars.example.org/{index}.png")
        message["user"] = user
    for index, message in enumerate(authors):
        others = [authors[rng.randrange(len(authors))]["user"] for _ in range(3)]
        message["mentioned_users"] = others
        message["text"] = " ".join("@" + other["name"] for other in others) + " " + message.get("text", "")
    write("authors", authors)

    channels = []
    for number in range(200):
        channel = dict(corpus.get("channel", {}), id=f"room-{number}", cid=f"messaging:room-{number}", name=f"Room {number}")
        channels.append({"channel": channel, "messages": copy.deepcopy(messages[number::200])})
    with open(os.path.join(directory, "channels.json"), "w", encoding="utf-8") as file:
        json.dump({"channels": channels}, file, ensure_ascii=False)

    with open(os.path.join(directory, "pretty-escaped.json"), "w", encoding="utf-8") as file:
        json.dump({"channel": corpus.get("channel", {}), "messages": messages}, file, indent=2)


if __name__ == "__main__":
    main()
