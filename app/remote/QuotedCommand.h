// A shell command line for the remote host, built so that no value can change its meaning: every
// word that carries data (paths, run names, options) is single-quoted, and only fixed syntax
// written in this program (redirections, `&&`, `&`) goes in unquoted.
#pragma once

#include <QString>
#include <QStringList>

class QuotedCommand
{
public:
    QuotedCommand() = default;
    explicit QuotedCommand(const QStringList& words) { args(words); }

    // One word, always quoted: `it's` becomes `'it'\''s'`.
    QuotedCommand& arg(const QString& word);
    QuotedCommand& args(const QStringList& words);
    // Shell syntax from this program only, never from a user or the remote host.
    QuotedCommand& raw(const QString& shellSyntax);
    // Appends a whole quoted command as it is (for `a && b` lists).
    QuotedCommand& then(const QuotedCommand& other);

    QString toString() const { return m_text; }
    bool isEmpty() const { return m_text.isEmpty(); }

    // POSIX single-quote escaping, the one rule every Bourne-like shell agrees on.
    static QString quote(const QString& word);

private:
    void append(const QString& piece);
    QString m_text;
};
