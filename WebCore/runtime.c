// What Embedded Swift needs from a C library on wasm32-unknown-none-wasm, where there is none: an allocator, the
// memory functions, and the symbols its runtime references. Kept this small because the page downloads it.
//
// The allocator keeps one free list per power-of-two size class; a block's 16-byte header names its class, so
// free() needs no size. Memory comes from a bump pointer past __heap_base, growing the wasm memory as needed; it
// is never returned to the host (a learner's page lives for one lesson).
#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;

enum { HEADER = 16, SMALLEST = 5, CLASSES = 32 };  // 32-byte blocks and up

typedef struct Header {
    uint32_t sizeClass;  // the block is 1 << sizeClass bytes, header included
    uint32_t offset;     // from the header back to its block's start: non-zero only for over-aligned blocks
    uint32_t unused[2];
} Header;

static void *freeLists[CLASSES];
static uintptr_t bump;

static void *carve(size_t bytes) {
    if (bump == 0) bump = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
    uintptr_t end = bump + bytes;
    if (end < bump) return NULL;
    // In 64 bits: 65,536 pages of 64 KiB is 4 GiB, which a 32-bit size_t wraps to 0.
    uint64_t have = (uint64_t)__builtin_wasm_memory_size(0) * 65536;
    if (end > have) {
        size_t pages = (size_t)(((uint64_t)end - have + 65535) / 65536);
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    }
    void *block = (void *)bump;
    bump = end;
    return block;
}

static void *allocate(size_t size, size_t alignment) {
    if (alignment < HEADER) alignment = HEADER;
    size_t padding = alignment > HEADER ? alignment : 0;
    size_t needed = size + HEADER + padding;
    if (needed < size) return NULL;
    unsigned sizeClass = SMALLEST;
    while (sizeClass < CLASSES && ((size_t)1 << sizeClass) < needed) sizeClass++;
    if (sizeClass >= CLASSES) return NULL;
    unsigned char *block = freeLists[sizeClass];
    if (block) {
        freeLists[sizeClass] = *(void **)block;
    } else if (!(block = carve((size_t)1 << sizeClass))) {
        return NULL;
    }
    uintptr_t payload = ((uintptr_t)block + HEADER + alignment - 1) & ~(uintptr_t)(alignment - 1);
    Header *header = (Header *)(payload - HEADER);
    header->sizeClass = sizeClass;
    header->offset = (uint32_t)((uintptr_t)header - (uintptr_t)block);
    return (void *)payload;
}

void *malloc(size_t size) { return allocate(size, HEADER); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment == 0 || (alignment & (alignment - 1))) return 22;  // EINVAL
    void *pointer = allocate(size, alignment);
    if (!pointer) return 12;  // ENOMEM
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    if (!pointer) return;
    Header *header = (Header *)((unsigned char *)pointer - HEADER);
    unsigned char *block = (unsigned char *)header - header->offset;
    *(void **)block = freeLists[header->sizeClass];
    freeLists[header->sizeClass] = block;
}

void *memset(void *destination, int value, size_t count) {
    unsigned char *to = destination;
    while (count--) *to++ = (unsigned char)value;
    return destination;
}

void *memcpy(void *destination, const void *source, size_t count) {
    unsigned char *to = destination;
    const unsigned char *from = source;
    while (count--) *to++ = *from++;
    return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
    unsigned char *to = destination;
    const unsigned char *from = source;
    if (to < from) {
        while (count--) *to++ = *from++;
    } else {
        to += count;
        from += count;
        while (count--) *--to = *--from;
    }
    return destination;
}

int memcmp(const void *left, const void *right, size_t count) {
    const unsigned char *a = left, *b = right;
    for (; count; count--, a++, b++) {
        if (*a != *b) return *a < *b ? -1 : 1;
    }
    return 0;
}

size_t strlen(const char *text) {
    size_t length = 0;
    while (text[length]) length++;
    return length;
}

// The core is seeded by the page and never asks the system for randomness; a hashed collection's per-process seed
// is the one caller. The native build's seed is random, so the two builds agree only because nothing the core
// writes follows a Set's or a Dictionary's order: keep it that way (the conformance test would catch it).
void arc4random_buf(void *buffer, size_t count) { memset(buffer, 0, count); }

// A trap, as Embedded Swift's own fatal errors are: the page sees a RuntimeError and reports it.
void __stack_chk_fail(void) { __builtin_trap(); }
uintptr_t __stack_chk_guard = 0x5f3759df;

// Swift's rounded() (to nearest, halves away from zero) calls C's round; wasm's own f64.nearest rounds halves to
// even. Built on the instructions wasm has: trunc, abs, copysign.
double round(double value) {
    double whole = __builtin_trunc(value);
    if (__builtin_fabs(value - whole) >= 0.5) whole += __builtin_copysign(1.0, value);
    return whole;
}
