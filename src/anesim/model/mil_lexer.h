// The tokens of MIL program text (mil_text.h), on demand with one token of
// look-ahead, each character read once: identifiers, numbers (hex floats
// and exponents whole), strings with their escapes decoded, punctuation and
// `->`. Positions are 1-based line and column.
#pragma once

#include <cstdint>
#include <string>

#include <anesim/model/mil_text.h>

namespace anesim {

enum class TokenKind : uint8_t { kEnd, kIdent, kNumber, kString, kPunct };

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;  // kString: the decoded text; kPunct: the character(s)
  size_t begin = 0, end = 0;
  MilPosition at;
};

class Lexer {
 public:
  Lexer(const std::string& text, const std::string& origin);

  const Token& peek() const { return tok_; }
  Token take();
  bool is(const char* punct) const { return tok_.kind == TokenKind::kPunct && tok_.text == punct; }
  bool is_ident(const char* word) const {
    return tok_.kind == TokenKind::kIdent && tok_.text == word;
  }
  // The next token, which must be `punct` (`where` says what it is for).
  Token expect(const char* punct, const char* where);
  Token expect_ident(const char* what);
  // Throws ModelFileError "origin:LINE:COL: what".
  [[noreturn]] void fail(const std::string& what) const { fail_at(tok_.at, what); }
  [[noreturn]] void fail_at(MilPosition at, const std::string& what) const;
  std::string source(size_t begin, size_t end) const { return s_.substr(begin, end - begin); }
  // "the end of the text", "a string", "'x'": a token in a message.
  static std::string describe(const Token& t);

 private:
  char at(size_t i) const { return i < s_.size() ? s_[i] : '\0'; }
  void step();
  void skip_space_and_comments();
  void advance();
  void lex_number();
  void lex_string();

  const std::string& s_;
  const std::string& origin_;
  size_t i_ = 0;
  uint32_t line_ = 1, column_ = 1;
  Token tok_;
};

}  // namespace anesim
