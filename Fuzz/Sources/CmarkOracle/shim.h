#ifndef SCROLLBACK_FUZZ_CMARK_SHIM_H
#define SCROLLBACK_FUZZ_CMARK_SHIM_H
#include <cmark.h>
#endif
