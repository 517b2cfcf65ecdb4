#pragma once
// "Did you mean ...?": the known word closest to a misspelt one, as git and cargo suggest.
//
//   if (auto s = closest("sovle", {"solve", "random"})) ...   // "solve"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace slidegif::cli {

// The candidate with the fewest edits (insert, delete, substitute, swap two neighbours) from
// `word`, if it is close enough to be what was meant: at most 2 edits, and fewer than half
// the word's length. Ties go to the first candidate.
std::optional<std::string> closest(std::string_view word,
                                   const std::vector<std::string>& candidates);

}  // namespace slidegif::cli
