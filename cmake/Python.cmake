# `import slidegif` (src/python/module.cpp): a pybind11 extension over the public API, built with
# -DSLIDEGIF_PYTHON=ON for Debian's python3 and installed where it looks under the prefix:
# /usr/lib/python3/dist-packages for packages, PREFIX/lib/python3.X/dist-packages for a
# local install (Debian's sys.path has no /usr/local/lib/python3). Its tests (tests/python)
# run with pytest from the build tree.
set(PYBIND11_FINDPYTHON ON)  # CMake's FindPython, which Python3_EXECUTABLE can steer
find_package(Python3 COMPONENTS Interpreter Development.Module REQUIRED)
find_package(pybind11 CONFIG REQUIRED)
pybind11_add_module(slidegif_python MODULE src/python/module.cpp)
set_target_properties(slidegif_python PROPERTIES OUTPUT_NAME slidegif
                                                 LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/python)
# Over libslidegif.so, as any other program of the public API (in the Debian packages,
# python3-slidegif depends on libslidegif0). Installed where Python looks under the prefix,
# with no RPATH under /usr (the library is on the system's path) and elsewhere the way from
# the module to the prefix's library folder.
target_link_libraries(slidegif_python PRIVATE slidegif_shared)
target_include_directories(slidegif_python PRIVATE ${PROJECT_SOURCE_DIR}/include
                                                   ${PROJECT_BINARY_DIR}/include)
if(CMAKE_INSTALL_PREFIX STREQUAL /usr)
  set(SLIDEGIF_PYTHON_DIR lib/python3/dist-packages)
else()
  set(SLIDEGIF_PYTHON_DIR lib/python3.${Python3_VERSION_MINOR}/dist-packages)
  file(RELATIVE_PATH to_lib /prefix/${SLIDEGIF_PYTHON_DIR} /prefix/${CMAKE_INSTALL_LIBDIR})
  set_target_properties(slidegif_python PROPERTIES INSTALL_RPATH "$ORIGIN/${to_lib}")
endif()
install(TARGETS slidegif_python LIBRARY DESTINATION ${SLIDEGIF_PYTHON_DIR} COMPONENT python)
