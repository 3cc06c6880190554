import siteConfig from '../../site.config.ts';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <p>
        Copyright © {year}{' '}
        <a href={siteConfig.footer.copyrightUrl} rel="noopener noreferrer" target="_blank">
          {siteConfig.footer.copyrightHolder}
        </a>
      </p>
    </footer>
  );
}
