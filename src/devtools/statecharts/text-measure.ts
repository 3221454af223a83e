import { estimateText, LABEL_FONT, TITLE_FONT, type Measure } from './layout'

let context: CanvasRenderingContext2D | null | undefined

/** Measures text with the fonts the diagram draws in (canvas), or estimates it without a canvas. */
export const measureText: Measure = (text, style) => {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d')
    } catch {
      context = null
    }
  }
  if (!context) return estimateText(text, style)
  context.font = style === 'title' ? TITLE_FONT : LABEL_FONT
  return Math.ceil(context.measureText(text).width)
}
