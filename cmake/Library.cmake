# libslidegif for programs outside this tree: the public API (include/slidegif/) and every
# layer under it as one static archive (libslidegif.a) and one shared library
# (libslidegif.so.MAJOR, a SONAME and a version), installed with the headers, a CMake package
# (find_package(slidegif CONFIG): slidegif::slidegif, slidegif::slidegif_static) and a
# pkg-config file (slidegif.pc). examples/cpp is built against the installed files by a test.
#
# The layers' objects are built once, position independent, and go into both; the programs of
# this tree keep linking the layers themselves. -fno-semantic-interposition keeps calls inside
# the library direct (as in an executable), so PIC costs the solver nothing measurable.
set(SLIDEGIF_LAYERS slidegif_api slidegif_app slidegif_render slidegif_solve)
# With video where FFmpeg was found (the library is always linked dynamically to it).
if(TARGET slidegif_video)
  list(APPEND SLIDEGIF_LAYERS slidegif_video)
  set(SLIDEGIF_PC_VIDEO " libavformat libavcodec libswscale libavutil")
  set(SLIDEGIF_CONFIG_VIDEO
      "pkg_check_modules(FFMPEG REQUIRED IMPORTED_TARGET libavformat libavcodec libswscale libavutil)")
else()
  list(APPEND SLIDEGIF_LAYERS slidegif_novideo)
  set(SLIDEGIF_PC_VIDEO "")
  set(SLIDEGIF_CONFIG_VIDEO "# built without video")
endif()
# Hidden by default: libslidegif.so exports what include/slidegif/ marks SLIDEGIF_API and
# nothing else (tests/e2e/exports_test.sh lists its dynamic symbols). The static archives and
# the programs, which link the same objects, are unaffected.
foreach(layer ${SLIDEGIF_LAYERS})
  set_target_properties(${layer} PROPERTIES POSITION_INDEPENDENT_CODE ON
                                            CXX_VISIBILITY_PRESET hidden
                                            VISIBILITY_INLINES_HIDDEN ON)
  target_compile_options(${layer} PRIVATE -fno-semantic-interposition)
endforeach()

# What the layers link privately, which a user of the static archive must link too.
set(SLIDEGIF_PRIVATE_DEPS PkgConfig::GD PkgConfig::FREETYPE PkgConfig::IMAGEQUANT
    PkgConfig::XXHASH PkgConfig::WEBP PkgConfig::DEFLATE OpenMP::OpenMP_CXX fmt::fmt)
if(TARGET slidegif_video)
  list(APPEND SLIDEGIF_PRIVATE_DEPS PkgConfig::FFMPEG)
endif()
set(SLIDEGIF_LAYER_OBJECTS "")
foreach(layer ${SLIDEGIF_LAYERS})
  list(APPEND SLIDEGIF_LAYER_OBJECTS $<TARGET_OBJECTS:${layer}>)
endforeach()

foreach(kind STATIC SHARED)
  string(TOLOWER ${kind} suffix)
  set(lib slidegif_${suffix})
  add_library(${lib} ${kind} ${SLIDEGIF_LAYER_OBJECTS})
  set_target_properties(${lib} PROPERTIES OUTPUT_NAME slidegif EXPORT_NAME ${lib}
                                          ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib
                                          LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
  target_include_directories(${lib} INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${lib} INTERFACE cxx_std_20)
endforeach()
set_target_properties(slidegif_shared PROPERTIES EXPORT_NAME slidegif VERSION ${PROJECT_VERSION}
                                                 SOVERSION ${PROJECT_VERSION_MAJOR})
target_link_libraries(slidegif_shared PRIVATE ${SLIDEGIF_PRIVATE_DEPS})
target_link_options(slidegif_shared PRIVATE
                    -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/libslidegif.map)
set_property(TARGET slidegif_shared APPEND PROPERTY LINK_DEPENDS
             ${PROJECT_SOURCE_DIR}/cmake/libslidegif.map)
target_link_libraries(slidegif_static INTERFACE ${SLIDEGIF_PRIVATE_DEPS})

# The Debian packages split these files between libslidegif0 and libslidegif-dev
# (debian/*.install).
install(TARGETS slidegif_shared slidegif_static EXPORT slidegifTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(DIRECTORY include/slidegif DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev
        FILES_MATCHING PATTERN "*.hpp")
install(FILES ${PROJECT_BINARY_DIR}/include/slidegif/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/slidegif COMPONENT dev)

include(CMakePackageConfigHelpers)
set(SLIDEGIF_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/slidegif)
install(EXPORT slidegifTargets NAMESPACE slidegif:: DESTINATION ${SLIDEGIF_CMAKE_DIR} COMPONENT dev)
configure_package_config_file(cmake/slidegifConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/slidegifConfig.cmake
                              INSTALL_DESTINATION ${SLIDEGIF_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/slidegifConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/slidegifConfig.cmake
              ${PROJECT_BINARY_DIR}/slidegifConfigVersion.cmake
        DESTINATION ${SLIDEGIF_CMAKE_DIR} COMPONENT dev)

# pkg-config: the shared library by default, `pkg-config --static` for the archive. The prefix
# is found from the file's own place, so it holds wherever `cmake --install --prefix` puts it.
file(RELATIVE_PATH SLIDEGIF_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(cmake/slidegif.pc.in ${PROJECT_BINARY_DIR}/slidegif.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/slidegif.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
        COMPONENT dev)
