#include "cli/batch_input.hpp"

#include <fmt/format.h>

#include <vector>

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

BatchFields split_batch_line(const std::string& line) {
  if (const auto semi = line.find(';'); semi != std::string::npos) {
    return {line.substr(0, semi), line.substr(semi + 1)};
  }
  // Split on white space by hand: an istringstream a line cost ~4% of a 3x3 batch (callgrind).
  constexpr const char* kSpace = " \t\n\v\f\r";
  std::vector<std::string> fields;
  for (auto at = line.find_first_not_of(kSpace); at != std::string::npos && fields.size() < 3;) {
    const auto end = line.find_first_of(kSpace, at);
    fields.push_back(line.substr(at, end == std::string::npos ? std::string::npos : end - at));
    at = line.find_first_not_of(kSpace, end == std::string::npos ? line.size() : end);
  }
  if (fields.size() == 1) return {fields[0], ""};
  if (fields.size() == 2) return {fields[0], fields[1]};
  return {line, ""};  // a board written with spaces, e.g. "1 2 3 4 5 6 7 8 0"
}

void parse_batch_line(const std::string& line, PuzzleSpec& puzzle) {
  if (line.size() > kMaxBatchLine) {
    throw Error(Error::Kind::BadInput,
                fmt::format("line is too long (more than {} characters)", kMaxBatchLine));
  }
  const BatchFields fields = split_batch_line(line);
  puzzle.start = parse_board(fields.start, puzzle.shape);
  if (!fields.goal.empty()) puzzle.goal = parse_board(fields.goal, puzzle.start->shape());
}

}  // namespace slidegif::cli
