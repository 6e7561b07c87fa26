#ifndef SCROLLBACK_CPNG_SHIM_H
#define SCROLLBACK_CPNG_SHIM_H
#include <png.h>
#endif
