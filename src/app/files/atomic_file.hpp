#pragma once
// Writes a whole file or nothing: the bytes go to a temporary file in the same directory,
// which is renamed over the target only once everything is written and flushed. A target that
// exists and is neither a regular file nor a directory (a device, a pipe) is written directly.
// A new file gets the mode the umask gives (0644 under the usual 022); a replaced one keeps its
// own. SIGINT, SIGTERM, SIGHUP and SIGQUIT are held in the calling thread while the temporary
// exists, so one that arrives then ends the program after the rename, leaving nothing behind.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace slidegif::app {

// Throws std::runtime_error naming the path and the system error. Leaves no temporary behind.
void write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes);
// The same for a file made of several pieces (a header and large tables), without first
// copying them into one buffer.
void write_file_atomically(const std::string& path,
                           std::span<const std::span<const std::uint8_t>> parts);

// The file a whole-file replacement of `path` renames onto: `path`, or the file a symbolic
// link leads to (the link stays a link). For writers that make their own temporary (SQLite).
std::filesystem::path replacement_target(const std::string& path);

}  // namespace slidegif::app
