import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Brand } from './Brand';
import { LoginRequiredGuard } from './LoginRequiredGuard';
import { Menu } from './Menu';

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="site-header">
        <Brand />
        <Menu />
      </header>
      <main className="site-main" id="conteudo" tabIndex={-1}>
        <LoginRequiredGuard>
          <Suspense fallback={<p role="status">Carregando...</p>}>
            <Outlet />
          </Suspense>
        </LoginRequiredGuard>
      </main>
    </>
  );
}
