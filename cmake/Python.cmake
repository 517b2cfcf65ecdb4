# `import slidegif` (src/python/module.cpp): a pybind11 extension over the public API, built with
# -DSLIDEGIF_PYTHON=ON for Debian's python3 and installed where it looks under the prefix:
# /usr/lib/python3/dist-packages for packages, /usr/local/lib/python3.X/dist-packages for a
# local install (Debian's sys.path has no /usr/local/lib/python3). Its tests (tests/python)
# run with pytest from the build tree.
set(PYBIND11_FINDPYTHON ON)  # CMake's FindPython, which Python3_EXECUTABLE can steer
find_package(Python3 COMPONENTS Interpreter Development.Module REQUIRED)
find_package(pybind11 CONFIG REQUIRED)
pybind11_add_module(slidegif_python MODULE src/python/module.cpp)
set_target_properties(slidegif_python PROPERTIES OUTPUT_NAME slidegif
                                                 LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/python)
target_link_libraries(slidegif_python PRIVATE slidegif_api)
install(CODE "
  set(dir lib/python3.${Python3_VERSION_MINOR}/dist-packages)
  if(CMAKE_INSTALL_PREFIX STREQUAL /usr)
    set(dir lib/python3/dist-packages)
  endif()
  file(INSTALL $<TARGET_FILE:slidegif_python> DESTINATION \"\${CMAKE_INSTALL_PREFIX}/\${dir}\")"
  COMPONENT python)
