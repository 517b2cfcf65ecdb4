# A Debian package of the installed tree, made by CPack (scripts/package): the programs, man
# pages, completions, systemd units, fonts, samples and docs, with the Depends line computed
# by dpkg-shlibdeps from what the programs link (slidegif and slidegif.cgi are static, so it
# comes from slidegif.fcgi and slidegif-video), never typed by hand.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME slidegif)
set(CPACK_PACKAGE_VENDOR "The slidegif authors")
set(CPACK_PACKAGE_CONTACT "slidegif maintainers <slidegif@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "solve sliding-tile puzzles optimally and render them as animations")
# The synopsis is the summary above; CPack indents these lines and writes the empty one as " .".
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "slidegif solves sliding-tile puzzles (the 8-puzzle, the 15-puzzle, any board
from 2x2 to 8x8) optimally, with pattern databases for the 15-puzzle and other
boards of up to 16 cells, and renders the solution as a styled animation:
animated GIF, WebP or PNG, or MP4 and WebM video.

It is a command-line program, a CGI program and a FastCGI server (with
systemd socket units) for web pages that show a new puzzle at every load.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "lighttpd | apache2 | nginx, spawn-fcgi, sqlite3")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
# Install with DESTDIR and the real prefix, so that paths written at install time (the systemd
# unit's ExecStart) are the installed ones, not the staging directory's.
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)

# What a Debian package must carry besides the install tree (scripts/package turns it on):
# the copyright file (DEP-5: the static binaries embed GPL-3+ libimagequant), a changelog,
# and lintian's overrides for the deliberate static linking.
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
option(SLIDEGIF_DEB_FILES "Install debian/copyright and changelog.Debian.gz (for the .deb)" OFF)
if(SLIDEGIF_DEB_FILES)
  string(TIMESTAMP date "%a, %d %b %Y %H:%M:%S +0000" UTC)  # honours SOURCE_DATE_EPOCH
  file(WRITE ${PROJECT_BINARY_DIR}/deb/changelog.Debian
       "slidegif (${PROJECT_VERSION}-1) unstable; urgency=medium\n\n"
       "  * Built with CPack from the upstream tree (scripts/package).\n\n"
       " -- ${CPACK_PACKAGE_CONTACT}  ${date}\n")
  execute_process(COMMAND gzip -9nf ${PROJECT_BINARY_DIR}/deb/changelog.Debian)
  install(FILES ${PROJECT_BINARY_DIR}/deb/changelog.Debian.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
  install(FILES cmake/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
  install(FILES cmake/debian/lintian-overrides DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides
          RENAME slidegif)
endif()

# The programs' package: the install tree but the library (component "dev") and the Python
# module (component "python"), which belong in packages of their own.
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_COMPONENTS_ALL Unspecified)

include(CPack)
