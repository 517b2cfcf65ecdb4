# slidegif_link_static(TARGET [ARCHIVE ...]): links a program that starts often (the CGI once a
# request, the CLI once a command or a page load) as a static PIE from Debian's static archives
# instead of the shared libraries. Dynamically, loading and relocating libgd's sixty libraries
# (libheif, libde265, libx265, ...) took 10 ms of every CLI start and 1.5-2 ms of every CGI
# request; static, the program starts in about 1 ms. A static PIE rather than plain -static,
# which answered a CGI 400 in 4.6 ms against 1.2 ms (not pinned down).
#
# ARCHIVEs are the target's own extra libraries (names as in lib<name>.a), put before the
# render layer's. Falls back to the shared libraries, with a message, when an archive is
# missing or the build is for sanitizers or fuzzing (which need the shared runtimes).
# The libraries the core links shared are guarded by SLIDEGIF_SHARED (CMakeLists.txt), so a
# target with the SLIDEGIF_STATIC property takes none of them.
set(SLIDEGIF_RENDER_ARCHIVES gd imagequant jpeg webpmux webp freetype png16 brotlidec brotlicommon z xxhash deflate)

function(slidegif_link_static target)
  set(paths "")
  foreach(lib ${ARGN} ${SLIDEGIF_RENDER_ARCHIVES})
    find_library(SLIDEGIF_${lib}_A NAMES lib${lib}.a)
    if(NOT SLIDEGIF_${lib}_A)
      message(STATUS "${target}: linked dynamically (lib${lib}.a missing)")
      return()
    endif()
    list(APPEND paths ${SLIDEGIF_${lib}_A})
  endforeach()
  # libimagequant uses OpenMP: GCC's own archive.
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libgomp.a
                  OUTPUT_VARIABLE gomp OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT EXISTS "${gomp}" OR SLIDEGIF_SANITIZE OR SLIDEGIF_FUZZ)
    message(STATUS "${target}: linked dynamically (sanitizers, fuzzing or no libgomp.a)")
    return()
  endif()
  set_target_properties(${target} PROPERTIES SLIDEGIF_STATIC ON)
  # fmt, which Debian ships shared only, is compiled from its headers.
  target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/src/static/fmt_static.cpp)
  # After the libraries that need them: the linker reads archives in order.
  target_link_libraries(${target} PRIVATE slidegif_app slidegif_render slidegif_solve ${paths}
                        ${gomp} m)
  target_link_options(${target} PRIVATE -static-pie)
endfunction()
