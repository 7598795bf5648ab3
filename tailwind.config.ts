import type { Config } from 'tailwindcss'

/** Read by Tailwind 4 through `@config` in src/styles.css. */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef7f3',
          100: '#d5ece2',
          200: '#acd9c6',
          500: '#1f8a5f',
          600: '#18704d',
          700: '#135a3e',
          800: '#0f4631',
          900: '#0b3324',
        },
        ink: '#0f172a',
      },
      fontFamily: {
        sans: ['Inter', 'ui-sans-serif', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
      },
      maxWidth: { page: '80rem' },
    },
  },
} satisfies Config
