// PostCSS: Tailwind CSS 4 for the dashboard's styles.
const config = { plugins: { '@tailwindcss/postcss': {} } };

export default config;
