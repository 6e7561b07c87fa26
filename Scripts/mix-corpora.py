#!/usr/bin/env python3
"""Derives four corpora of other mixes from a generated one, for speed checks beyond its mix.

    Scripts/mix-corpora.py CORPUS.json DIR

Writes into DIR, each with CORPUS's channel and messages:
  languages.json         every text rewritten in Chinese, Japanese, Arabic, Hindi or emoji, same lengths
  threads.json           60% of messages replies to 40 parents, a fifth of them also in the channel
  attachments.json       four attachments a message, of seven kinds (image, file, video, giphy,
                         voice recording, link preview, contact card)
  quotes-reactions.json  every message quoting an earlier one, with six reactions of five types

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


if __name__ == "__main__":
    main()
