#ifndef LESSONPACK_CLIBXML2_SHIM_H
#define LESSONPACK_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, so encoding.h pulls in the system's ICU headers, whose UErrorCode clashes with the
// copy inside Foundation (_FoundationICU) whenever a module sees both: clean builds then fail at random places.
// We never touch the ICU members of xmlCharEncodingHandler (handlers are only passed by pointer), so the headers
// are read as if ICU were off; the library itself is unchanged.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>

#endif
