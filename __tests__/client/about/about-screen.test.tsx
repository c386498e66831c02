import { act, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import AboutScreen from '../../../src/client/features/about/about-screen';
import { endpoints } from '../../../src/shared/endpoints';
import { answers } from '../../../src/shared/messages';
import { renderRoute, renderWithProviders } from '../../support/render';
import { userApi } from '../../../src/client/api/user-api';
import { apiPath, authed, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { pricingHandler } from '../../support/pricing-backend';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';
import { bodies, makeUser } from '../verification/fixtures';

setupFakeBackend();

function setup(answer: () => Response = () => HttpResponse.json({ success: true, message: 'Message sent successfully!' })) {
  const sent = bodies();
  server.use(http.post(apiPath(endpoints.contactUs.path), authed(async ({ request }) => {
    await sent.record(request);
    await delay(30);
    return answer();
  })));
  signIn();
  return { sent, ...renderWithProviders(<AboutScreen />, { route: '/about' }) };
}

async function openHelpCenter(ui: ReturnType<typeof setup>) {
  const toggle = screen.getByRole('button', { name: 'Help Center' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('button', { name: 'FAQ' })).not.toBeInTheDocument();
  await ui.user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

describe('diagnostics', () => {
  test('"Download diagnostics" is in the Help Center, saying what the file is for, and saves the file', async () => {
    const ui = setup();
    expect(screen.queryByRole('button', { name: 'Download diagnostics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Diagnostics' })).not.toBeInTheDocument();

    await openHelpCenter(ui);
    const button = screen.getByRole('button', { name: 'Download diagnostics' });
    expect(button).toHaveAccessibleDescription(
      'Send this file to support when they ask for it: it shows them what your app shows. Passwords, PINs, codes and tokens are left out.',
    );
    const helpCenter = screen.getByRole('button', { name: 'Help Center' }).closest('section')!;
    expect(helpCenter).toContainElement(button);

    const saved: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:diagnostics';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await ui.user.click(button);
    expect(click).toHaveBeenCalled();
    // jsdom's Blob has no text(): read it the way a browser page can.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]);
    });
    expect(JSON.parse(text)).toMatchObject({ kind: 'kudi-diagnostics', route: '/about' });
    click.mockRestore();
  });

  test('is not on the dashboard', async () => {
    signIn();
    serveWallets(fakeWallets());
    renderRoute('/dashboard', { preloadedState: withUser() });
    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download diagnostics' })).not.toBeInTheDocument();
    expect(screen.queryByText(/diagnostics/i)).not.toBeInTheDocument();
  });
});

/** About → Help Center → FAQ; `answer(question)` opens that question and finds the answer shown. */
async function openFaq() {
  const ui = setup();
  await openHelpCenter(ui);
  await ui.user.click(screen.getByRole('button', { name: 'FAQ' }));
  const faq = within(screen.getByRole('dialog', { name: 'Frequently Asked Questions' }));
  const answer = async (question: string, text: string) => {
    await ui.user.click(faq.getByRole('button', { name: question }));
    return faq.findByText(text);
  };
  return { ui, faq, answer };
}

describe('about screen', () => {
  test('shows the cards and links: social (new tab, noopener), privacy policy, e-mail', async () => {
    const ui = setup();
    for (const title of ['Terms and Conditions', 'Follow Us', 'Privacy Policy']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const social = within(screen.getByRole('heading', { name: 'Follow Us' }).closest('section')!).getByRole('link');
    expect(social).toHaveAttribute('target', '_blank');
    expect(social.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Read the Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

    await openHelpCenter(ui);
    expect(screen.getByRole('link', { name: 'Email Us' })).toHaveAttribute('href', 'mailto:support@kudi.example');
  });

  test("FAQ: the fees answer states the server's schedule (GET /pricing): the margin and each payment's fee", async () => {
    server.use(pricingHandler(apiPath, { interac: { flat: '1.50' }, ngn_bank: { flat: '50.00', percent: '0.50' } }));
    const { answer } = await openFaq();
    expect(
      await answer(
        'What are the fees?',
        'Converting between CAD and NGN costs a 1.00% margin on the mid-market rate, shown before you confirm (fees are typically 0.5% to 1.5% of the amount). ' +
          'Interac e-Transfers: 1.50 CAD; NGN bank transfers: 50.00 NGN plus 0.50% of the amount. ' +
          'A percent fee is rounded up to the cent or kobo. ' +
          'No fee on CAD transfers to Kudi users, NGN transfers to Kudi users, bill payments.',
      ),
    ).toBeVisible();
  });

  test('FAQ: a margin outside 0.5% to 1.5% is not called typical, and the limits answer states the tables the server applies (LIMITS_JSON)', async () => {
    server.use(
      pricingHandler(apiPath, {}, {
        margin: '0.37',
        limits: [
          { tier: 'Basic', per_transfer: '250.50', per_day: '300.00', per_30_days: '400.00' },
          { tier: 'Plus', per_transfer: '2500.00', per_day: '3000.00', per_30_days: '12000.00' },
        ],
      }),
    );
    const { answer } = await openFaq();
    expect(
      await answer(
        'What are the fees?',
        'Converting between CAD and NGN costs a 0.37% margin on the mid-market rate, shown before you confirm. ' +
          'No fee on CAD transfers to Kudi users, NGN transfers to Kudi users, Interac e-Transfers, NGN bank transfers, bill payments.',
      ),
    ).toBeVisible();
    expect(
      await answer(
        'How much can I transfer?',
        'Basic verified accounts can transfer up to $300 per day. One transfer can be up to $250.50; over 30 days, up to $400. ' +
          'Plus accounts, with an approved proof of address, can transfer up to $3,000 per day, $2,500 in one transfer and $12,000 over 30 days.',
      ),
    ).toBeVisible();
  });

  test("FAQ: with the default tables, the limits answer opens with spec §9's sentence", async () => {
    const { answer } = await openFaq();
    expect(
      await answer(
        'How much can I transfer?',
        'Basic verified accounts can transfer up to $1,000 per day. One transfer can be up to $1,000; over 30 days, up to $5,000. ' +
          'Plus accounts, with an approved proof of address, can transfer up to $10,000 per day, $10,000 in one transfer and $50,000 over 30 days.',
      ),
    ).toBeVisible();
  });

  test('FAQ: one answer open at a time', async () => {
    const { ui, faq } = await openFaq();
    const questions = faq.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(6);
    expect(faq.getByText('Most payments are instant.')).not.toBeVisible();

    await ui.user.click(faq.getByRole('button', { name: 'How long does a payment take?' }));
    expect(faq.getByText('Most payments are instant.')).toBeVisible();

    await ui.user.click(faq.getByRole('button', { name: 'Which currencies are supported?' }));
    expect(faq.getByText('Canadian dollars (CAD) and Nigerian naira (NGN).')).toBeVisible();
    expect(faq.getByText('Most payments are instant.')).not.toBeVisible();
    expect(faq.getAllByRole('button', { expanded: true })).toHaveLength(1);

    await ui.user.click(faq.getByRole('button', { name: 'Which currencies are supported?' }));
    expect(faq.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  test('contact form: the payload joins the names and the message; busy while sending', async () => {
    const ui = setup();
    await openHelpCenter(ui);
    await ui.user.click(screen.getByRole('button', { name: 'Contact Customer Support' }));
    const form = within(screen.getByRole('dialog', { name: 'Contact Customer Support' }));
    expect(form.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(form.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Message']) expect(form.getByLabelText(label)).toBeRequired();

    await ui.user.type(form.getByLabelText('First name'), 'Ada');
    await ui.user.type(form.getByLabelText('Last name'), 'Obi');
    await ui.user.type(form.getByLabelText('Email'), 'ada@example.com');
    await ui.user.type(form.getByLabelText('Phone'), '+2348012345678');
    await ui.user.type(form.getByLabelText('Message'), 'My transfer is late.');
    await ui.user.click(form.getByRole('button', { name: 'Send Message' }));

    expect(await form.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(ui.sent.seen).toEqual([{
      email: 'ada@example.com',
      phone_number: '+2348012345678',
      complaint_category: 'Help',
      complaint: 'Ada Obi\n\nMy transfer is late.',
    }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a failed send shows the default message and keeps the form', async () => {
    const ui = setup(() => HttpResponse.error());
    await openHelpCenter(ui);
    await ui.user.click(screen.getByRole('button', { name: 'Contact Customer Support' }));
    const form = within(screen.getByRole('dialog', { name: 'Contact Customer Support' }));
    for (const [label, value] of [['First name', 'Ada'], ['Last name', 'Obi'], ['Email', 'ada@example.com'], ['Phone', '+14165550100'], ['Message', 'Hello']]) {
      await ui.user.type(form.getByLabelText(label), value);
    }
    await ui.user.click(form.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(form.getByLabelText('Message')).toHaveValue('Hello');
  });

  test("contact form: the phone number shows the format of the customer's country of residence and is sent in E.164", async () => {
    const ui = setup();
    await act(() => ui.store.dispatch(userApi.util.upsertQueryData('getUser', undefined, { success: true, message: answers.user, data: makeUser({ country_of_residence: 'NG' }) })));
    await openHelpCenter(ui);
    await ui.user.click(screen.getByRole('button', { name: 'Contact Customer Support' }));
    const form = within(screen.getByRole('dialog', { name: 'Contact Customer Support' }));
    for (const [label, value] of [['First name', 'Ada'], ['Last name', 'Obi'], ['Email', 'ada@example.com'], ['Message', 'Hello']]) {
      await ui.user.type(form.getByLabelText(label), value);
    }
    await ui.user.type(form.getByLabelText('Phone'), '08012345678');
    expect(form.getByLabelText('Phone')).toHaveValue('0801 234 5678');

    await ui.user.click(form.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(ui.sent.seen).toEqual([expect.objectContaining({ phone_number: '+2348012345678' })]);
  });

  test('contact form: an impossible phone number is refused with a message; nothing is sent', async () => {
    const ui = setup();
    await openHelpCenter(ui);
    await ui.user.click(screen.getByRole('button', { name: 'Contact Customer Support' }));
    const form = within(screen.getByRole('dialog', { name: 'Contact Customer Support' }));
    for (const [label, value] of [['First name', 'Ada'], ['Last name', 'Obi'], ['Email', 'ada@example.com'], ['Phone', '+234 801 234'], ['Message', 'Hello']]) {
      await ui.user.type(form.getByLabelText(label), value);
    }
    await ui.user.click(form.getByRole('button', { name: 'Send Message' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    expect(form.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter a valid phone number');
    expect(form.getByLabelText('Phone')).toBeInvalid();
    expect(ui.sent.seen).toEqual([]);
  });
});
