import { testDraft } from '../testing/certificate-fixtures';
import { operatorView } from './operator-view';

describe("the certificate's view for operators in the Temporal Web UI", () => {
  const view = operatorView(testDraft(), 'Riverina Grain Co', 'https://grain.example/');

  it('opens its details with the link back to the certificate: the Web UI shows the first lines of the details box', () => {
    expect(view.details.split('\n')[0]).toBe('[Open certificate 202503011 in the app](https://grain.example/views/approval/detail?id=c1)');
  });

  it('writes the details as Markdown paragraphs and a list, so company, submitter and each level read on lines of their own', () => {
    const paragraphs = view.details.split('\n\n');
    expect(paragraphs).toEqual([
      expect.stringMatching(/^\[Open certificate/),
      '**Company:** Riverina Grain Co  \n**Submitter:** Sam Submitter (sub@grain\\.test)',
      '**Levels**',
      expect.stringMatching(/^1\. Farm Data Signing: 2 of 3 \(Name a1, Name a2, Name a3\), due 2025-03-10 00:00 UTC\n2\. .+\n3\. .+$/),
    ]);
  });

  it('has no link without the app address, and a one-line summary with the number and the name', () => {
    expect(operatorView(testDraft(), 'Riverina Grain Co').details).not.toContain('](');
    expect(view.summary).toBe('Certificate 202503011: Barley lot 7');
  });
});
