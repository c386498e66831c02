import type { MouseEvent, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { PRODUCT_NAME } from '../../../shared/product';
import { dialogIds } from '../../app/dialog-ids';
import { paths } from '../../app/paths';
import { useAppDispatch } from '../../app/store';
import { dialogOpened } from '../../app/ui-slice';
import { useGate } from '../../app/use-gate';
import { ConvertIcon, HomeIcon, InfoIcon, media, SignOutIcon, UserIcon, WalletIcon } from '../../ui';

/** In the bottom bar on small screens, and in the side menu. */
const PRIMARY = [
  { to: paths.dashboard, label: 'Home', icon: <HomeIcon /> },
  { to: paths.exchange, label: 'Convert', icon: <ConvertIcon /> },
  { to: paths.addMoney, label: 'Account', icon: <WalletIcon /> },
  { to: paths.profile, label: 'Profile', icon: <UserIcon /> },
];

/** Height of the bottom bar: the content leaves room for it on small screens. */
export const BOTTOM_BAR_HEIGHT = '64px';

// Small screens: brand and the menu-only items in a top bar, the four main items in a bottom bar.
// Large screens: one side menu with everything.
const Nav = styled.nav`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  ${media.lg} {
    flex: none;
    flex-direction: column;
    align-items: stretch;
    justify-content: flex-start;
    gap: ${({ theme }) => theme.space.lg};
    width: 240px;
    height: 100vh;
    padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
    border-right: 1px solid ${({ theme }) => theme.colors.border};
    border-bottom: 0;
  }
`;

const Brand = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
  ${media.lg} { padding: 0 ${({ theme }) => theme.space.sm}; }
`;

const List = styled.ul`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.lg} { flex-direction: column; gap: ${({ theme }) => theme.space.xs}; }
`;

const PrimaryList = styled(List)`
  position: fixed;
  right: 0;
  bottom: 0;
  left: 0;
  height: ${BOTTOM_BAR_HEIGHT};
  justify-content: space-around;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  ${media.lg} { position: static; height: auto; border-top: 0; }
`;

const SecondaryList = styled(List)`
  gap: ${({ theme }) => theme.space.xs};
  ${media.lg} { margin-top: auto; }
`;

const itemStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 64px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.muted};
  background: transparent;
  text-decoration: none;
  cursor: pointer;

  &:hover { color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.primarySoft}; }
  &[aria-current='page'] { color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.primarySoft}; }

  ${media.lg} {
    flex-direction: row;
    gap: ${({ theme }) => theme.space.sm};
    width: 100%;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const ItemLink = styled(NavLink)`${itemStyles}`;
const ItemButton = styled.button.attrs({ type: 'button' })`${itemStyles}`;

function MenuLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const { tryOpen } = useGate();
  const follow = (event: MouseEvent) => {
    if (!tryOpen(to)) event.preventDefault();
  };
  return (
    <li>
      <ItemLink to={to} onClick={follow}>
        {icon}
        {label}
      </ItemLink>
    </li>
  );
}

/** Home, Convert, Account, Profile; About and Sign out are menu-only (spec §2). Gated links open their dialog instead. */
export function MainMenu() {
  const dispatch = useAppDispatch();
  return (
    <Nav aria-label="Main menu">
      <Brand>{PRODUCT_NAME}</Brand>
      <PrimaryList>
        {PRIMARY.map((item) => <MenuLink key={item.to} {...item} />)}
      </PrimaryList>
      <SecondaryList>
        <MenuLink to={paths.about} label="About" icon={<InfoIcon />} />
        <li>
          <ItemButton onClick={() => dispatch(dialogOpened(dialogIds.signOut))}>
            <SignOutIcon />
            Sign out
          </ItemButton>
        </li>
      </SecondaryList>
    </Nav>
  );
}
