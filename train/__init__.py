"""Training scripts (``python -m train.train_ppo``); see train/README.md."""
