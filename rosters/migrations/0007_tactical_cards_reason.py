"""A ledger reason for the extra tactical cards a team buys with unspent BootCoins (Mutant
Soccer: 2 BC a card), charged when its manager saves tactics that claim them; a spend."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('rosters', '0006_keepers_and_reasons'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='ledgerentry',
            name='ledger_amount_sign_follows_reason',
        ),
        migrations.AlterField(
            model_name='ledgerentry',
            name='reason',
            field=models.CharField(choices=[('budget', 'season budget'), ('draft_pick', 'draft pick'), ('auction_win', 'auction win'), ('signing', 'signing'), ('release_refund', 'release refund'), ('grant', 'commissioner grant'), ('fine', 'commissioner fine'), ('prize', 'prize money'), ('keeper', 'kept card'), ('carry_over', 'coins carried over'), ('tactical_cards', 'extra tactical cards')], max_length=20),
        ),
        migrations.AddConstraint(
            model_name='ledgerentry',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('amount__lte', 0), ('reason__in', ['draft_pick', 'auction_win', 'signing', 'fine', 'keeper', 'tactical_cards'])), models.Q(models.Q(('reason__in', ['draft_pick', 'auction_win', 'signing', 'fine', 'keeper', 'tactical_cards']), _negated=True), ('amount__gte', 0)), _connector='OR'), name='ledger_amount_sign_follows_reason'),
        ),
    ]
