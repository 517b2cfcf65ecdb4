// fmt's compiled part, for the programs linked static (cmake/StaticLink.cmake: the CLI and the
// CGI). Debian ships fmt as a shared library only; a static executable instead compiles fmt's
// implementation from Debian's own headers, exactly as
// fmt's src/format.cc does for libfmt (the explicit instantiations below are that file's).
// Only linked into a program that slidegif_link_static() makes static.

#include <fmt/format-inl.h>

#if FMT_VERSION < 90000 || FMT_VERSION >= 100000
#error "fmt_static.cpp mirrors fmt 9's src/format.cc; check it against this fmt version"
#endif

FMT_BEGIN_NAMESPACE
namespace detail {

template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API void buffer<char>::append(const char*, const char*);
template FMT_API void vformat_to(buffer<char>&, string_view,
                                 basic_format_args<FMT_BUFFER_CONTEXT(char)>, locale_ref);

}  // namespace detail
FMT_END_NAMESPACE
