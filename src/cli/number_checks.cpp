#include "cli/number_checks.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace slidegif::cli {

CLI::Validator whole_number(long long min, long long max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        long long value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec == std::errc() && end == text.data() + text.size() && value >= min && value <= max)
          return "";
        return fmt::format("takes a whole number from {} to {}, not '{}'", min, max, text);
      },
      fmt::format("INT in [{} - {}]", min, max));
}

CLI::Validator decimal_number(double min, double max, bool zero) {
  return CLI::Validator(
      [min, max, zero](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = text.empty() ? NAN : std::strtod(text.c_str(), &end);
        if (std::isfinite(value) && end == text.c_str() + text.size() &&
            ((value >= min && value <= max) || (zero && value == 0)))
          return "";
        return fmt::format("takes {}a number from {} to {}, not '{}'", zero ? "0 or " : "", min,
                           max, text);
      },
      fmt::format("FLOAT in [{} - {}]", min, max));
}

}  // namespace slidegif::cli
