import { screen } from '@testing-library/react';
import { Badge, Card, CardTitle, EmptyState, LoadingText, PageHeader, Spinner, Stack } from '../../../src/client/ui';
import { renderWithTheme } from './render';

describe('display components', () => {
  it('PageHeader is the page heading with its subtitle', () => {
    renderWithTheme(<PageHeader title="Welcome back!" subtitle="Your financial journey starts here" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back!' })).toBeInTheDocument();
    expect(screen.getByText('Your financial journey starts here')).toBeInTheDocument();
  });

  it('Card holds a level-2 title by default, another level on request', () => {
    renderWithTheme(
      <Stack>
        <Card><CardTitle>Security</CardTitle></Card>
        <Card><CardTitle as="h3">CAD Balance</CardTitle></Card>
      </Stack>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'CAD Balance' })).toBeInTheDocument();
  });

  it('LoadingText announces its text as a status', () => {
    renderWithTheme(<LoadingText>Loading your dashboard...</LoadingText>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard...');
  });

  it('Spinner announces its label', () => {
    renderWithTheme(<Spinner label="Loading profile" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile');
  });

  it('EmptyState shows its title and extra content', () => {
    renderWithTheme(<EmptyState title="No transactions found"><p>Try another filter.</p></EmptyState>);
    expect(screen.getByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByText('Try another filter.')).toBeInTheDocument();
  });

  it('Badge colours follow its tone', () => {
    renderWithTheme(<><Badge tone="success">completed</Badge><Badge tone="danger">failed</Badge></>);
    expect(screen.getByText('completed')).toHaveStyle({ color: '#146C2E' });
    expect(screen.getByText('failed')).toHaveStyle({ color: '#B42318' });
  });
});
