/* The Markdown floor: what cmark alone costs on a transcript's texts, with no JSON at all.
 *
 *   cmark-floor TEXTS     (the NUL-separated texts of Scripts/bench-corpus.py --texts)
 *
 * Each text is parsed by cmark and rendered as HTML with its default options (safe: raw HTML
 * and dangerous links are left out), and the HTML goes to standard output. Built by
 * Scripts/compare against Debian's libcmark-dev: cc -O2 cmark-floor.c -lcmark
 */
#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fputs("usage: cmark-floor TEXTS\n", stderr);
    return 64;
  }
  FILE *in = fopen(argv[1], "rb");
  if (in == NULL) {
    perror(argv[1]);
    return 66;
  }
  size_t size = 0, capacity = 1 << 22;
  char *bytes = malloc(capacity);
  size_t got;
  while ((got = fread(bytes + size, 1, capacity - size, in)) > 0) {
    size += got;
    if (size == capacity) bytes = realloc(bytes, capacity *= 2);
  }
  fclose(in);
  static char buffer[1 << 16];
  setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
  size_t texts = 0;
  char *text = bytes, *end = bytes + size;
  while (text < end) {
    char *stop = memchr(text, '\0', (size_t)(end - text));
    if (stop == NULL) stop = end;
    cmark_node *document = cmark_parse_document(text, (size_t)(stop - text), CMARK_OPT_DEFAULT);
    char *html = cmark_render_html(document, CMARK_OPT_DEFAULT);
    fputs(html, stdout);
    free(html);
    cmark_node_free(document);
    texts++;
    text = stop + 1;
  }
  fflush(stdout);
  fprintf(stderr, "cmark-floor: %zu texts\n", texts);
  free(bytes);
  return 0;
}
