#pragma once
// Checks for numeric options that say what the option takes: "--tile: takes a whole number
// from 16 to 256, not 'abc'" where CLI11's own Range says "Value abc not in range 16 to 256".
// Their descriptions keep CLI11's form ("INT in [16 - 256]"), which the man page reads.
//
//   cmd.add_option("--tile", tile)->check(whole_number(16, 256));

namespace CLI {
class Validator;  // CLI11's, defined in <CLI/CLI.hpp>, which the callers include
}  // namespace CLI

namespace slidegif::cli {

// A whole number (digits, an optional leading '-') from min to max.
CLI::Validator whole_number(long long min, long long max);

// A decimal number (as strtod reads it, no trailing text, finite) from min to max; or 0 too, with
// `zero` (an option where 0 means "no limit").
CLI::Validator decimal_number(double min, double max, bool zero = false);

}  // namespace slidegif::cli
