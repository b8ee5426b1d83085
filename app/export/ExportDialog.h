// File › Export (Ctrl+E): the chart grid (all charts or a chosen few), the flame graph, a heat map
// or the summary table, as PNG (1×, 2×, 3×), SVG or PDF, at a slide size, in the presentation
// style, with a title, subtitle and footnote — previewed as it will be written. Copy puts the same
// image on the clipboard.
#pragma once

#include "FigureRequest.h"
#include "export/FigureWriter.h"

#include <QDialog>
#include <QImage>
#include <QTimer>

#include <functional>
#include <map>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;

// TrimWindows: the span of the runs' trim windows, each run's line cut to its own (offered when a
// run is trimmed).
enum class ExportWindow { View, Selection, WholeRun, TrimWindows };

// What the dialog's controls say, in the dialog's terms (chart indices, a window choice);
// ExportSources turns it into a FigureRequest.
struct ExportRequest {
    ExportSubject subject = ExportSubject::Charts;
    std::vector<int> charts; // indices into the chart grid (Charts); the one chart (HeatMap)
    bool pagePerChart = false;
    ExportWindow window = ExportWindow::View;
    FigureText text;
    bool hostFacts = false; // add each run's host to the footnote
};

class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    // Builds the figures for a request (one per page); the dialog renders and writes them.
    using FigureFactory = std::function<std::vector<std::unique_ptr<Figure>>(const ExportRequest&)>;

    struct Choices {
        QStringList charts;           // the grid's chart titles, in order
        std::vector<int> heatMapCharts; // the charts whose metric has instances
        bool hasFlameGraph = false;
        bool hasSummary = false;
        bool hasSelection = false;
        bool hasTrims = false;        // a shown run has a trim window
        FigureText text;              // the default title
        // The default subtitle for each ExportWindow (View, Selection, WholeRun, TrimWindows); it follows the
        // window choice until the user edits it.
        QStringList windowSubtitles;
        // The subjects drawn as the app computed them (the flame graph, the summary), whatever
        // the window choice: the subtitle naming the window they were computed for.
        std::map<ExportSubject, QString> computedSubtitles;
    };

    ExportDialog(const Choices& choices, FigureFactory factory, QWidget* parent = nullptr);

    void setSubject(ExportSubject subject);
    // Only this chart of the grid (Charts), or its heat map (HeatMap): what its context menu asks for.
    void focusChart(int index);
    ExportRequest request() const;
    ExportTarget target() const;

    // Writes to a file (the Export button asks where first) in the format its name's extension
    // says, which becomes the chosen one; a name without a known extension gets the chosen
    // format's. False with the reason in *error.
    bool exportTo(const QString& path, QString* error);
    void copyToClipboard();
    // The first page as the preview shows it, at the target size (for tests).
    QImage renderFirstPage() const;

    QComboBox* subjectBox() const { return m_subject; }
    QListWidget* chartList() const { return m_charts; }
    QComboBox* formatBox() const { return m_format; }
    QComboBox* sizeBox() const { return m_size; }
    QComboBox* scaleBox() const { return m_scale; }
    QComboBox* styleBox() const { return m_style; }
    QComboBox* windowBox() const { return m_window; }
    QLineEdit* titleField() const { return m_title; }
    QLineEdit* subtitleField() const { return m_subtitle; }
    QLabel* preview() const { return m_preview; }

private:
    void updateControls();
    void schedulePreview();
    void updatePreview();
    void exportWithDialog();
    // The path to write, its extension and the format box made to agree.
    QString followFileName(const QString& path);

    Choices m_choices;
    FigureFactory m_factory;
    QComboBox* m_subject = nullptr;
    QListWidget* m_charts = nullptr;
    QCheckBox* m_pagePerChart = nullptr;
    QComboBox* m_heatMap = nullptr;
    QComboBox* m_window = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_size = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QComboBox* m_scale = nullptr;
    QComboBox* m_style = nullptr;
    QLineEdit* m_title = nullptr;
    QLineEdit* m_subtitle = nullptr;
    QLineEdit* m_footnote = nullptr;
    QCheckBox* m_hostFacts = nullptr;
    QLabel* m_preview = nullptr;
    QLabel* m_pages = nullptr;
    QString m_defaultSubtitle;
    QTimer m_previewTimer;
};
