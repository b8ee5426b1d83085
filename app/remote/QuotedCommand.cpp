#include "QuotedCommand.h"

QString QuotedCommand::quote(const QString& word)
{
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

void QuotedCommand::append(const QString& piece)
{
    if (!m_text.isEmpty())
        m_text += QLatin1Char(' ');
    m_text += piece;
}

QuotedCommand& QuotedCommand::arg(const QString& word)
{
    append(quote(word));
    return *this;
}

QuotedCommand& QuotedCommand::args(const QStringList& words)
{
    for (const QString& word : words)
        arg(word);
    return *this;
}

QuotedCommand& QuotedCommand::raw(const QString& shellSyntax)
{
    append(shellSyntax);
    return *this;
}

QuotedCommand& QuotedCommand::then(const QuotedCommand& other)
{
    append(other.toString());
    return *this;
}
