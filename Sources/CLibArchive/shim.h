#ifndef LESSONPACK_CLIBARCHIVE_SHIM_H
#define LESSONPACK_CLIBARCHIVE_SHIM_H

#include <archive.h>
#include <archive_entry.h>

#endif
