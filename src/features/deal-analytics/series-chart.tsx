import { useEffect, useRef } from 'react'
import { FUNNEL_STEPS, type SeriesPoint } from '@/contract'
import 'uplot/dist/uPlot.min.css'

/**
 * Each step's line keeps its own colour, dash pattern and marker size, and the legend names it, so the
 * lines are told apart without colour.
 */
const STYLES = [
  { stroke: '#1d4ed8', dash: [], points: 7 },
  { stroke: '#b91c1c', dash: [10, 5], points: 6 },
  { stroke: '#047857', dash: [2, 4], points: 8 },
  { stroke: '#7c3aed', dash: [14, 4, 2, 4], points: 5 },
  { stroke: '#b45309', dash: [6, 6], points: 9 },
] as const

const HEIGHT = 280

/**
 * The series drawn with uPlot (loaded with this page only). Decorative for assistive technology: the
 * same numbers are in the table view beside it. Nothing is drawn where the browser has no canvas.
 */
export function SeriesChart({ points, labels }: { points: readonly SeriesPoint[]; labels: Record<string, string> }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    let disposed = false
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined
    let observer: ResizeObserver | undefined
    // uPlot reads the screen's pixel ratio as it loads; a browser without it (or a canvas) draws nothing.
    if (typeof window.matchMedia !== 'function') return
    void import('uplot').then(({ default: UPlot }) => {
      if (disposed) return
      const xs = points.map((point) => Date.parse(`${point.start}T00:00:00Z`) / 1000)
      const data: [number[], ...number[][]] = [xs, ...FUNNEL_STEPS.map((step) => points.map((point) => point[step]))]
      chart = new UPlot(
        {
          width: Math.max(element.clientWidth, 280),
          height: HEIGHT,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          // Room above the highest day, so its line and markers are not cut by the plot's edge.
          scales: { y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.15))] } },
          axes: [{}, { values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) }],
          series: [
            {},
            ...FUNNEL_STEPS.map((step, index) => ({
              label: labels[step],
              stroke: STYLES[index]!.stroke,
              width: 2,
              dash: [...STYLES[index]!.dash],
              points: { show: true, size: STYLES[index]!.points },
            })),
          ],
        },
        data,
        element,
      )
      if (typeof ResizeObserver === 'function') {
        observer = new ResizeObserver(() =>
          chart?.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }),
        )
        observer.observe(element)
      }
    })
    return () => {
      disposed = true
      observer?.disconnect()
      chart?.destroy()
    }
  }, [points, labels])
  return <div ref={box} className="min-h-[280px] w-full overflow-hidden" />
}
