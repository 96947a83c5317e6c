#ifndef LESSONPACK_SAMPLERATE_SHIM_H
#define LESSONPACK_SAMPLERATE_SHIM_H

#include <samplerate.h>

#endif
