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

void put_u16(std::vector<std::uint8_t>& out, int v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFF));
}

int get_u16(const std::uint8_t* p) {
  return p[0] | p[1] << 8;
}

constexpr std::size_t kRecordHead = 15;  // kind, byte count, columns, bit count, top row

}  // namespace

void append_piece(std::vector<std::uint8_t>& coded, const CodedPiece& piece) {
  coded.push_back(piece.split ? 1 : 0);
  put_u32(coded, piece.bytes.size());
  put_u16(coded, piece.split ? piece.x : 0);
  put_u16(coded, piece.split ? piece.w : 0);
  put_u32(coded, piece.split ? piece.bits : 0);
  put_u16(coded, piece.split ? piece.top : 0);
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
    p.x = get_u16(&coded[at + 5]);
    p.w = get_u16(&coded[at + 7]);
    p.bits = get_u32(&coded[at + 9]);
    p.top = get_u16(&coded[at + 13]);
    at += kRecordHead;
    if (n > coded.size() - at || (p.split ? p.bits > n * 8 || p.bits + 8 <= n * 8
                                          : p.bits != 0 || p.top != 0 || p.x != 0 || p.w != 0))
      return std::nullopt;
    p.bytes = coded.subspan(at, n);
    at += n;
    out.push_back(p);
  }
  return out;
}

}  // namespace slidegif
