// The floor for the whole job: the least work any renderer of a Stream export into HTML must do.
//
//   json-cmark-floor FILE.json     ({"channel": ..., "messages": [...]} or {"channels": [...]})
//
// simdjson's on-demand parser walks every message (the fastest JSON reader Debian packages);
// of each it reads the id, the author's name, the date and the text, renders the text with
// cmark's defaults (safe HTML) and writes one line of escaped HTML per message to standard
// output. No threads, no model, no warnings, no layout. Built by Scripts/compare against
// Debian's libsimdjson-dev and libcmark-dev: g++ -O2 -std=c++17 json-cmark-floor.cpp -lsimdjson -lcmark
#include <cmark.h>
#include <simdjson.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void appendEscaped(std::string &out, std::string_view text) {
  for (char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
}

size_t renderMessages(simdjson::ondemand::array messages, std::string &line) {
  size_t count = 0;
  for (auto element : messages) {
    std::string_view id, name, date, text;
    for (auto field : element.get_object()) {
      std::string_view key = field.unescaped_key();
      auto value = field.value();
      if (key == "id") id = value.get_string();
      else if (key == "created_at") date = value.get_string();
      else if (key == "text") text = value.get_string();
      else if (key == "user" && value.type() == simdjson::ondemand::json_type::object) {
        for (auto userField : value.get_object()) {
          std::string_view userKey = userField.unescaped_key();
          auto userValue = userField.value();
          if (userKey == "name" && userValue.type() == simdjson::ondemand::json_type::string)
            name = userValue.get_string();
        }
      }
    }
    line.assign("<article id=\"m-");
    appendEscaped(line, id);
    line += "\"><b>";
    appendEscaped(line, name);
    line += "</b> <time>";
    appendEscaped(line, date);
    line += "</time>";
    // The string_views point into simdjson's buffer, which the next read may reuse.
    std::string copy(text);
    cmark_node *document = cmark_parse_document(copy.data(), copy.size(), CMARK_OPT_DEFAULT);
    char *html = cmark_render_html(document, CMARK_OPT_DEFAULT);
    line += html;
    free(html);
    cmark_node_free(document);
    line += "</article>\n";
    fwrite(line.data(), 1, line.size(), stdout);
    count++;
  }
  return count;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fputs("usage: json-cmark-floor FILE.json\n", stderr);
    return 64;
  }
  static char buffer[1 << 16];
  std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
  simdjson::padded_string json;
  if (simdjson::padded_string::load(argv[1]).get(json)) {
    std::perror(argv[1]);
    return 66;
  }
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document document = parser.iterate(json);
  std::string line;
  size_t count = 0;
  for (auto field : document.get_object()) {
    std::string_view key = field.unescaped_key();
    if (key == "messages") {
      count += renderMessages(field.value().get_array(), line);
    } else if (key == "channels") {
      for (auto channel : field.value().get_array()) {
        for (auto member : channel.get_object()) {
          if (std::string_view(member.unescaped_key()) == "messages")
            count += renderMessages(member.value().get_array(), line);
        }
      }
    }
  }
  std::fflush(stdout);
  std::fprintf(stderr, "json-cmark-floor: %zu messages\n", count);
  return 0;
}
