#include "cli/batch_input.hpp"

#include <fmt/format.h>

#include <array>

#include "slidegif/error.hpp"

namespace slidegif::cli {

bool read_batch_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
    any = true;
    if (c == '\n') return true;
    if (line.size() <= kMaxBatchLine) line.push_back(static_cast<char>(c));
  }
  return any;
}

bool is_blank_or_comment(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

BatchFields split_batch_line(std::string_view line) {
  if (const auto semi = line.find(';'); semi != std::string_view::npos) {
    return {line.substr(0, semi), line.substr(semi + 1)};
  }
  // Split on white space by hand, into views: an istringstream a line cost ~4% of a 3x3 batch
  // (callgrind), and a string a field an allocation each.
  constexpr std::string_view kSpace = " \t\n\v\f\r";
  std::array<std::string_view, 3> fields;
  std::size_t count = 0;
  for (auto at = line.find_first_not_of(kSpace); at != std::string_view::npos && count < 3;) {
    const auto end = line.find_first_of(kSpace, at);
    fields[count++] =
        line.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    at = line.find_first_not_of(kSpace, end == std::string_view::npos ? line.size() : end);
  }
  if (count == 1) return {fields[0], ""};
  if (count == 2) return {fields[0], fields[1]};
  return {line, ""};  // a board written with spaces, e.g. "1 2 3 4 5 6 7 8 0"
}

void parse_batch_line(std::string_view line, PuzzleSpec& puzzle) {
  if (line.size() > kMaxBatchLine) {
    throw Error(Error::Kind::BadInput,
                fmt::format("line is too long (more than {} characters)", kMaxBatchLine));
  }
  const BatchFields fields = split_batch_line(line);
  puzzle.start = parse_board(fields.start, puzzle.shape);
  if (!fields.goal.empty()) puzzle.goal = parse_board(fields.goal, puzzle.start->shape());
}

}  // namespace slidegif::cli
