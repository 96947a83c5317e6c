#ifndef LESSONPACK_SNDFILE_SHIM_H
#define LESSONPACK_SNDFILE_SHIM_H

#include <sndfile.h>

#endif
