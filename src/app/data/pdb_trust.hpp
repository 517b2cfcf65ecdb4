#pragma once
// Trust stamps: when a pattern-database file's tables may be used without hashing them again.
//
// The header (and thus the size and layout) is checked on every load; the XXH3 of the tables -
// a full read of up to 290 MB, far too slow for every CGI request - is checked once and
// recorded in "<file>.ok" (device, inode, size, mtime, ctime, hash). A later load trusts the
// file when that record still matches. Any write to the file, or replacing it, changes its
// ctime, which no one but the kernel sets (an mtime put back with `touch -r` does not hide an
// in-place write), and so forces a fresh check; a damaged or missing file is never used.
//
// The kernel stamps times from a clock that ticks every few milliseconds, so a write in the
// same tick as the check would leave ctime as recorded. A file changed that recently is not
// stamped (as git treats "racily clean" files): the next process checks it again.

#include <sys/stat.h>

#include <cstdint>
#include <string>

namespace slidegif::app {

// "<path>.ok"
std::string trust_stamp_path(const std::string& path);
// The record for a file as `st` describes it, whose tables hash to payload_hash.
std::string trust_stamp(const struct stat& st, std::uint64_t payload_hash);
// Whether the stamp file of `path` holds exactly `stamp`.
bool trust_stamp_matches(const std::string& path, const std::string& stamp);
// Records `stamp` for the file `st` describes, unless it changed too recently to be told apart
// from a later write (above). Best effort: a read-only cache (a CGI user) only means the next
// process checks again.
void write_trust_stamp(const std::string& path, const struct stat& st, const std::string& stamp);
// For a file this process has just written, whose tables hash to payload_hash: waits out the
// clock tick above (at most a few tens of milliseconds), then records it, so that a reader who
// cannot write here (a CGI user) never hashes it.
void stamp_written_file(const std::string& path, std::uint64_t payload_hash);

}  // namespace slidegif::app
