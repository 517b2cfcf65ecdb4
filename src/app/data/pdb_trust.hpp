#pragma once
// Trust stamps: when a pattern-database file's tables may be used without hashing them again.
//
// The header (and thus the size and layout) is checked on every load; the XXH3 of the tables -
// a full read of up to 290 MB, far too slow for every CGI request - is checked once and
// recorded in "<file>.ok" (size, inode, mtime, hash). A later load trusts the file when that
// record still matches. Replacing or touching the file changes inode or mtime and so forces a
// fresh check; a damaged or missing file is never used.

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
// Best effort: a read-only cache (a CGI user) only means the next process checks again.
void write_trust_stamp(const std::string& path, const std::string& stamp);

}  // namespace slidegif::app
