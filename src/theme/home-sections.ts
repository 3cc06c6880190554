/** The home page's cards; a card shows only for versions that have its page (the site index says which). */
export const HOME_SECTIONS = [
  { title: 'Getting Started', path: 'getting-started/', text: 'Install zrok, enable an environment and share your first service in a few minutes.' },
  { title: 'Concepts', path: 'concepts/', text: 'Public, private and reserved shares, tunnels, files and how hosting works.' },
  { title: 'Install', path: 'guides/install/', text: 'Packages and downloads for Linux, macOS and Windows.' },
  { title: 'Guides', path: 'category/guides/', text: 'The agent, frontdoor, Docker shares, drives, VPN and permission modes.' },
  { title: 'Self Hosting', path: 'category/self-hosting/', text: 'Run your own instance on Linux, Docker or Kubernetes, with OAuth, metrics and limits.' },
  { title: 'myzrok', path: 'category/myzrok/', text: 'The hosted service: custom domains, plan limits and upgrading.' },
];
