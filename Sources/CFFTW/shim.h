#ifndef LESSONPACK_FFTW_SHIM_H
#define LESSONPACK_FFTW_SHIM_H

// Single precision (fftwf_*): MFCCs need no more, and it halves the memory the spectra pass through.
#include <fftw3.h>

#endif
