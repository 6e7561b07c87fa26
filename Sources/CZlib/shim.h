#ifndef SCROLLBACK_CZLIB_SHIM_H
#define SCROLLBACK_CZLIB_SHIM_H
#include <zlib.h>
#endif
