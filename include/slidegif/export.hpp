#pragma once
// What libslidegif.so exports: the declarations marked SLIDEGIF_API, which are this folder's
// (the public API). The library's other code is compiled with hidden visibility, so a program
// cannot come to depend on an internal symbol, and the loader has fewer symbols to resolve.

#if defined(__GNUC__) || defined(__clang__)
#define SLIDEGIF_API __attribute__((visibility("default")))
#else
#define SLIDEGIF_API
#endif
