#ifndef LESSONPACK_CZLIB_SHIM_H
#define LESSONPACK_CZLIB_SHIM_H

#include <zlib.h>

#endif
