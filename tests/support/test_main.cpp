// The main of every GoogleTest program here: the tests run in a private home
// (private_home.hpp), removed when they end.
#include <gtest/gtest.h>

#include "private_home.hpp"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const slidegif::testing::PrivateHome home;
  return RUN_ALL_TESTS();
}
