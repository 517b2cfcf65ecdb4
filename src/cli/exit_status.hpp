#pragma once
// The command line's exit statuses, documented in --help, the man page and the README.

namespace slidegif::cli {

enum Exit : int { kOk = 0, kFailure = 1, kBadInput = 2, kUnsolvable = 3 };

}  // namespace slidegif::cli
