import { Accordion, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** A reward's terms and conditions, folded until the member opens them. */
export function TermsAccordion({ terms }: { terms: string }) {
  return (
    <Accordion variant="contained" radius="lg">
      <Accordion.Item value="terms">
        <Accordion.Control>
          <Trans id="components.terms.title">Terms and conditions</Trans>
        </Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {terms}
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
