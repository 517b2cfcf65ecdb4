#pragma once
// Relaxed atomic operations on plain memory (table entries that many threads update), as
// std::atomic_ref does it, written with the compilers' __atomic builtins (GCC and Clang) so that
// the solving library also builds where the standard library has no std::atomic_ref yet
// (libc++ 14, which Debian 12's emscripten uses for the browser build).
//
//   if (relaxed_fetch_or(entry.seen, bits) & bits) return;  // someone else was first

namespace slidegif::detail {

template <class T>
T relaxed_load(const T& x) {
  return __atomic_load_n(&x, __ATOMIC_RELAXED);
}
template <class T>
void relaxed_store(T& x, T value) {
  __atomic_store_n(&x, value, __ATOMIC_RELAXED);
}
template <class T>
T relaxed_fetch_or(T& x, T bits) {
  return __atomic_fetch_or(&x, bits, __ATOMIC_RELAXED);
}

}  // namespace slidegif::detail
