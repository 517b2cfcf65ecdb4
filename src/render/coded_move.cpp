#include "coded_move.hpp"

namespace slidegif {

namespace {

void put_u32(std::vector<std::uint8_t>& out, std::size_t v) {
  for (int b = 0; b < 4; ++b) out.push_back(static_cast<std::uint8_t>(v >> (8 * b)));
}

std::size_t get_u32(const std::uint8_t* p) {
  std::size_t v = 0;
  for (int b = 0; b < 4; ++b) v |= static_cast<std::size_t>(p[b]) << (8 * b);
  return v;
}

constexpr std::size_t kRecordHead = 11;  // kind, byte count, bit count, top row

}  // namespace

void append_piece(std::vector<std::uint8_t>& coded, const CodedPiece& piece) {
  coded.push_back(piece.split ? 1 : 0);
  put_u32(coded, piece.bytes.size());
  put_u32(coded, piece.split ? piece.bits : 0);
  const int top = piece.split ? piece.top : 0;
  coded.push_back(static_cast<std::uint8_t>(top & 0xFF));
  coded.push_back(static_cast<std::uint8_t>((top >> 8) & 0xFF));
  coded.insert(coded.end(), piece.bytes.begin(), piece.bytes.end());
}

std::optional<std::vector<CodedPiece>> read_pieces(std::span<const std::uint8_t> coded) {
  std::vector<CodedPiece> out;
  std::size_t at = 0;
  while (at < coded.size()) {
    if (coded.size() - at < kRecordHead || coded[at] > 1) return std::nullopt;
    CodedPiece p;
    p.split = coded[at] == 1;
    const std::size_t n = get_u32(&coded[at + 1]);
    p.bits = get_u32(&coded[at + 5]);
    p.top = coded[at + 9] | coded[at + 10] << 8;
    at += kRecordHead;
    if (n > coded.size() - at ||
        (p.split ? p.bits > n * 8 || p.bits + 8 <= n * 8 : p.bits != 0 || p.top != 0))
      return std::nullopt;
    p.bytes = coded.subspan(at, n);
    at += n;
    out.push_back(p);
  }
  return out;
}

}  // namespace slidegif
