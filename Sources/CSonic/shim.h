#ifndef LESSONPACK_SONIC_SHIM_H
#define LESSONPACK_SONIC_SHIM_H

#include <sonic.h>

#endif
