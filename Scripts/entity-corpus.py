#!/usr/bin/env python3
"""Writes a large Stream import/export entity file, and the same messages in channel shape, to
measure the entity reader against the channel reader (issue 15, "Done means").

    Scripts/entity-corpus.py --entities 100000 --format ndjson   > /tmp/entities.ndjson
    Scripts/entity-corpus.py --entities 100000 --format array    > /tmp/entities.json
    Scripts/entity-corpus.py --entities 100000 --format channels > /tmp/channels.json

The output is deterministic for a given --seed. Entities: users (listed last, as migration tools
often write them), channels, members, messages (interleaved across channels, about 8% thread
replies, 4% quotes, 4% with a file attachment) and reactions. The channel shape holds the same
messages with their authors and reactions embedded, as a channel export has them.
"""

import argparse
import json
import random
import sys
from datetime import datetime, timedelta, timezone

WORDS = (
    "harbour ferry tide rota crossing deck rope anchor chart signal lantern cargo manifest pier "
    "weather gale calm berth crane schedule shift lunch coffee meeting update notice board dock "
    "engine fuel check list plan route north south east west morning evening tomorrow today"
).split()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entities", type=int, default=100_000)
    parser.add_argument("--format", choices=["ndjson", "array", "channels"], default="ndjson")
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    total = args.entities
    user_count = max(2, total // 200)
    channel_count = max(1, total // 2500)
    member_count = min(channel_count * 40, max(channel_count, total // 50))
    reaction_count = total // 5
    message_count = max(1, total - user_count - channel_count - member_count - reaction_count)

    users = [{"id": f"u{n:05d}", "name": f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()} {n}", "role": "user"} for n in range(user_count)]
    for user in users[::7]:
        user["image"] = f"https://avatars.example.org/{user['id']}.jpg"
    channels = [
        {"id": f"c{n:04d}", "type": "team", "name": f"Crew {n}", "created_by": users[n % user_count]["id"], "created_at": "2026-01-01T00:00:00Z"}
        for n in range(channel_count)
    ]
    members = []
    for n in range(member_count):
        channel = channels[n % channel_count]
        members.append({"channel_type": "team", "channel_id": channel["id"], "user_id": users[(n * 31) % user_count]["id"], "created_at": "2026-01-01T00:00:00Z"})

    start = datetime(2026, 1, 5, 8, 0, tzinfo=timezone.utc)
    messages = []
    top_level = {c["id"]: [] for c in channels}
    for n in range(message_count):
        channel = channels[rng.randrange(channel_count)]
        when = start + timedelta(seconds=n * 17)
        message = {
            "id": f"m{n:07d}",
            "channel_type": "team",
            "channel_id": channel["id"],
            "user": users[rng.randrange(user_count)]["id"],
            "text": " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 24))),
            "type": "regular",
            "created_at": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        roll = rng.random()
        homes = top_level[channel["id"]]
        if roll < 0.08 and homes:
            message["parent_id"] = rng.choice(homes[-20:])
            message["type"] = "reply"
        elif roll < 0.12 and homes:
            message["quoted_message_id"] = rng.choice(homes[-20:])
        elif roll < 0.16:
            message["attachments"] = [
                {"type": "file", "title": f"report-{n}.pdf", "asset_url": f"https://files.example.org/report-{n}.pdf", "mime_type": "application/pdf", "file_size": 1000 + n}
            ]
        if "parent_id" not in message:
            homes.append(message["id"])
        messages.append(message)

    reactions = []
    for n in range(reaction_count):
        target = messages[rng.randrange(message_count)]
        reactions.append(
            {
                "message_id": target["id"],
                "type": rng.choice(["like", "love", "haha", "wow"]),
                "user_id": users[rng.randrange(user_count)]["id"],
                "created_at": target["created_at"],
            }
        )

    out = sys.stdout
    if args.format == "channels":
        write_channels(out, users, channels, members, messages, reactions)
        return
    entities = (
        [("channel", c) for c in channels]
        + [("member", m) for m in members]
        + [("message", m) for m in messages]
        + [("reaction", r) for r in reactions]
        + [("user", u) for u in users]
    )
    if args.format == "ndjson":
        for kind, item in entities:
            out.write(json.dumps({"type": kind, "item": item}, ensure_ascii=False) + "\n")
    else:
        out.write("[\n")
        for index, (kind, item) in enumerate(entities):
            out.write(("," if index else "") + json.dumps({"type": kind, "item": item}, ensure_ascii=False) + "\n")
        out.write("]\n")


def write_channels(out, users, channels, members, messages, reactions):
    """The same messages as a `{"channels": [...]}` export: authors and reactions embedded."""
    by_id = {u["id"]: u for u in users}
    messages_by_id = {m["id"]: m for m in messages}
    reactions_of = {}
    for reaction in reactions:
        reactions_of.setdefault(reaction["message_id"], []).append(reaction)
    out.write('{"channels": [\n')
    for index, channel in enumerate(channels):
        own = [m for m in messages if m["channel_id"] == channel["id"]]
        body = []
        for message in own:
            full = dict(message)
            full["user"] = by_id[message["user"]]
            if "quoted_message_id" in message:
                quoted = dict(messages_by_id[message["quoted_message_id"]])
                quoted["user"] = by_id[quoted["user"]]
                full["quoted_message"] = quoted
            given = reactions_of.get(message["id"], [])
            if given:
                groups = {}
                for reaction in given:
                    group = groups.setdefault(reaction["type"], {"count": 0, "sum_scores": 0})
                    group["count"] += 1
                    group["sum_scores"] += 1
                full["reaction_groups"] = dict(sorted(groups.items()))
                full["latest_reactions"] = [
                    {"type": r["type"], "score": 1, "user_id": r["user_id"], "user": by_id[r["user_id"]]} for r in reversed(given[-10:])
                ]
            body.append(full)
        export = {
            "channel": dict(channel, cid=f"team:{channel['id']}", member_count=sum(1 for m in members if m["channel_id"] == channel["id"])),
            "messages": body,
        }
        out.write(("," if index else "") + json.dumps(export, ensure_ascii=False) + "\n")
    out.write("]}\n")


if __name__ == "__main__":
    main()
