#ifndef SCROLLBACK_CCMARK_SHIM_H
#define SCROLLBACK_CCMARK_SHIM_H
#include <cmark.h>
#endif
